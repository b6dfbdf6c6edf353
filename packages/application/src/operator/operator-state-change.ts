import {
  checkOperatorReason,
  operatorStateChange,
  type AuditDetails,
  type AuditEvent,
  type ErrorOf,
  type OperatorStateError,
  type OperatorStateOperation,
  type Result,
} from '@accounts/domain';
import type { AccountStateChange } from '../account-state/account-state-change.js';
import type { CancellationMode, UserAccount } from '../ports.js';

/** Who acts and why: the operator token's `sub` and the reason it gave. */
export type OperatorInput = { userId: string; actorId: string; reason: string };

export type OperatorStateChangeError = OperatorStateError | ErrorOf<'UserNotFound' | 'InvalidReason'>;

/**
 * An operator's disable, enable, ban or unban: the owner's change (the same flags, audit event,
 * cancellations and webhook) without re-authentication, with `actorId` and `reason` added to the
 * audit details.
 */
export function changeStateAsOperator(
  accountState: AccountStateChange,
  input: OperatorInput,
  change: {
    operation: OperatorStateOperation;
    audit: (user: UserAccount) => { event: AuditEvent; details: AuditDetails };
    cancellations?: CancellationMode;
  },
): Promise<Result<void, OperatorStateChangeError>> {
  const reason = checkOperatorReason(input.reason);
  if (!reason.ok) return Promise.resolve(reason);
  return accountState.executeWithoutReauthentication(
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
