import { err, ok, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';
import type { RevokeSessionError } from './revoke-current-session.use-case.js';

/**
 * Signs out one of the caller's sessions by its id, after disable-account's re-authentication
 * (so a token holder without the password cannot sign its owner out). An id that is not a live
 * session of the caller's is SessionNotFound. SESSION_REVOKE is audited, with its webhook.
 */
export class RevokeSession {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork' | 'clock'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(
    input: ReauthenticationInput & { sessionId: string },
  ): Promise<Result<void, ReauthenticateError | RevokeSessionError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const userId = user.value.id;
    return this.deps.unitOfWork.run(async (tx): Promise<Result<void, RevokeSessionError>> => {
      if (!(await tx.users.lock(userId))) return err({ type: 'UserNotFound' });
      const revoked = await tx.sessions.revoke(userId, input.sessionId, this.deps.clock.now());
      if (!revoked) return err({ type: 'SessionNotFound' });
      await tx.auditLog.append({
        userId,
        event: 'SESSION_REVOKE',
        details: { sessionId: revoked.id, initiator: 'user' },
        revocation: { kind: 'session', sid: revoked.sid },
      });
      return ok();
    });
  }
}
