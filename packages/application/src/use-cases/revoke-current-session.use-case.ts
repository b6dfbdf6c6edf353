import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';

export type RevokeSessionError = ErrorOf<'UserNotFound' | 'SessionNotFound'>;

/**
 * Signs out the caller's own session (no re-authentication: it ends only the caller's access).
 * SESSION_REVOKE is audited, with its webhook, in the same transaction.
 */
export class RevokeCurrentSession {
  constructor(private readonly deps: Pick<Ports, 'unitOfWork' | 'clock'>) {}

  execute(input: { userId: string; currentKey: string | null }): Promise<Result<void, RevokeSessionError>> {
    const { currentKey } = input;
    // Under a host's own authentication there is no token, so no session of this service's.
    if (currentKey === null) return Promise.resolve(err({ type: 'SessionNotFound' }));
    return this.deps.unitOfWork.run(async (tx): Promise<Result<void, RevokeSessionError>> => {
      if (!(await tx.users.lock(input.userId))) return err({ type: 'UserNotFound' });
      const current = await tx.sessions.findByKey(input.userId, currentKey);
      const revoked = current && (await tx.sessions.revoke(input.userId, current.id, this.deps.clock.now()));
      if (!revoked) return err({ type: 'SessionNotFound' });
      await tx.auditLog.append({
        userId: input.userId,
        event: 'SESSION_REVOKE',
        details: { sessionId: revoked.id, initiator: 'user' },
        revocation: { kind: 'session', sid: revoked.sid },
      });
      return ok();
    });
  }
}
