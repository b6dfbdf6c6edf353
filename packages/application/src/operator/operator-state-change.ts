import {
  checkOperatorReason,
  operatorStateChange,
  type ErrorOf,
  type OperatorStateError,
  type OperatorStateOperation,
  type Result,
} from '@accounts/domain';
import type { AccountStateChange, StateChange } from '../account-state/account-state-change.js';

/** Who acts and why: the operator token's `sub` and the reason it gave. */
export type OperatorInput = { userId: string; actorId: string; reason: string };

export type OperatorStateChangeError = OperatorStateError | ErrorOf<'UserNotFound' | 'InvalidReason'>;

/**
 * An operator's disable, enable, ban or unban (`change`, one of ACCOUNT_STATE_CHANGES): the owner's
 * change (the same flags, audit event, cancellations and webhook) without re-authentication, with
 * `actorId` and `reason` added to the audit details. No password or second factor is asked.
 */
export class OperatorStateChange {
  constructor(
    private readonly accountState: AccountStateChange,
    private readonly change: StateChange & { operation: OperatorStateOperation },
  ) {}

  execute(input: OperatorInput): Promise<Result<void, OperatorStateChangeError>> {
    const reason = checkOperatorReason(input.reason);
    if (!reason.ok) return Promise.resolve(reason);
    const { change } = this;
    return this.accountState.executeWithoutReauthentication(
      input.userId,
      {
        ...change,
        audit: (user) => {
          const { event, details } = change.audit(user);
          return { event, details: { ...details, actorId: input.actorId, reason: reason.value } };
        },
      },
      (flags) => operatorStateChange(flags, change.operation),
    );
  }
}
