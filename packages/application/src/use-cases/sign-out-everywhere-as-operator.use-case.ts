import { checkOperatorReason, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { OperatorInput } from '../operator/operator-state-change.js';
import type { Ports } from '../ports.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';

/**
 * An operator signs the account out everywhere: as the owner's, with `actorId` and `reason` in
 * the SESSIONS_REVOKE details. How many sessions it revoked.
 */
export class SignOutEverywhereAsOperator {
  constructor(private readonly deps: Pick<Ports, 'unitOfWork' | 'clock'>) {}

  async execute(input: OperatorInput): Promise<Result<number, ErrorOf<'UserNotFound' | 'InvalidReason'>>> {
    const reason = checkOperatorReason(input.reason);
    if (!reason.ok) return reason;
    return this.deps.unitOfWork.run(async (tx): Promise<Result<number, ErrorOf<'UserNotFound'>>> => {
      if (!(await tx.users.lock(input.userId))) return err({ type: 'UserNotFound' });
      const revoked = await revokeSessions(tx, this.deps.clock, {
        userId: input.userId,
        scope: 'all',
        keptSessionId: null,
        initiator: 'operator',
        details: { actorId: input.actorId, reason: reason.value },
      });
      return ok(revoked);
    });
  }
}
