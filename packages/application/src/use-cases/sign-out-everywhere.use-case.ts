import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';

/**
 * Every token of the account issued up to this second is refused, the caller's included, and
 * every live session is revoked (no re-authentication: it ends the caller's own access too).
 * SESSIONS_REVOKE (scope `all`) is audited, with its webhook. How many sessions it revoked.
 */
export class SignOutEverywhere {
  constructor(private readonly deps: Pick<Ports, 'unitOfWork' | 'clock'>) {}

  execute(input: { userId: string }): Promise<Result<number, ErrorOf<'UserNotFound'>>> {
    return this.deps.unitOfWork.run(async (tx): Promise<Result<number, ErrorOf<'UserNotFound'>>> => {
      if (!(await tx.users.lock(input.userId))) return err({ type: 'UserNotFound' });
      return ok(
        await revokeSessions(tx, this.deps.clock, {
          userId: input.userId,
          scope: 'all',
          keptSessionId: null,
          initiator: 'user',
        }),
      );
    });
  }
}
