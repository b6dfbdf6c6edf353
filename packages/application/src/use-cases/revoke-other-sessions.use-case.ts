import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';

/**
 * After disable-account's re-authentication: every token of the account issued up to this second
 * is refused, except those of the caller's own session (whatever their `iat`), and the other live
 * sessions are revoked. SESSIONS_REVOKE (scope `others`) is audited, with its webhook. How many
 * sessions it revoked.
 */
export class RevokeOtherSessions {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork' | 'clock'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(
    input: ReauthenticationInput & { currentKey: string | null },
  ): Promise<Result<number, ReauthenticateError | ErrorOf<'UserNotFound'>>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const userId = user.value.id;
    const { currentKey } = input;
    return this.deps.unitOfWork.run(async (tx): Promise<Result<number, ErrorOf<'UserNotFound'>>> => {
      if (!(await tx.users.lock(userId))) return err({ type: 'UserNotFound' });
      const current = currentKey === null ? null : await tx.sessions.findByKey(userId, currentKey);
      const revoked = await revokeSessions(tx, this.deps.clock, {
        userId,
        scope: 'others',
        keptSessionId: current?.id ?? null,
        initiator: 'user',
      });
      return ok(revoked);
    });
  }
}
