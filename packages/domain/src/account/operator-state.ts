import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';
import {
  liftChange,
  type AccountFlags,
  type AccountStateOperation,
  type FlagChange,
} from './account-state.js';

/** What an operator may do to an account's state: everything the owner may, except deleting it. */
export type OperatorStateOperation = Exclude<AccountStateOperation, 'delete-account'>;

export type OperatorStateError = ErrorOf<
  'AccountNotDisabled' | 'AccountNotBanned' | 'AccountAlreadyDisabled' | 'AccountAlreadyBanned'
>;

/**
 * The same transitions as accountStateChange, for an operator acting on someone else's account:
 * no caller gate (the operator is not the account), so each flag moves on its own. Disable needs a
 * not yet disabled account and ban a not yet banned one, whatever the other flag; enable needs a
 * disabled account and unban a banned one.
 */
export function operatorStateChange(
  flags: AccountFlags,
  operation: OperatorStateOperation,
): Result<FlagChange, OperatorStateError> {
  switch (operation) {
    case 'disable-account':
      if (flags.disabled) return err({ type: 'AccountAlreadyDisabled' });
      return ok({ from: { disabled: false }, to: { disabled: true } });
    case 'ban-account':
      if (flags.banned) return err({ type: 'AccountAlreadyBanned' });
      return ok({ from: { banned: false }, to: { banned: true } });
    case 'enable-account':
    case 'unban-account':
      return liftChange(flags, operation);
  }
}

/** The length an operator's reason must have, in characters (code points). */
export const OPERATOR_REASON_LENGTH = { min: 1, max: 500 } as const;

/** The reason as given, or InvalidReason when it is empty, blank or longer than the limit. */
export function checkOperatorReason(reason: string): Result<string, ErrorOf<'InvalidReason'>> {
  const length = Array.from(reason).length;
  if (reason.trim() === '' || length < OPERATOR_REASON_LENGTH.min || length > OPERATOR_REASON_LENGTH.max) {
    return err({ type: 'InvalidReason' });
  }
  return ok(reason);
}
