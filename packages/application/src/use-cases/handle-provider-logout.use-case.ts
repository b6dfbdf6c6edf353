import {
  CLOCK_TOLERANCE_MS,
  checkLogoutToken,
  err,
  ok,
  type InvalidLogoutToken,
  type LogoutToken,
  type LogoutTokenRules,
  type Result,
} from '@accounts/domain';
import type { LogoutTokenReader } from '../logout-token-reader.js';
import type { Ports, TransactionalPorts } from '../ports.js';
import type { ReplayRecord } from '../replay-record.js';
import { revokeSessions } from '../sessions/revoke-sessions.js';

/** The ReplayRecord's scope of logout tokens' `jti`s. */
const LOGOUT_TOKEN_SCOPE = 'backchannel-logout';

/**
 * `KeysUnavailable`: the provider's keys were never read (503). `ReplayUnchecked`: the used ids
 * cannot be reached, so the token cannot be shown to be new (503; nothing changes).
 */
export type HandleProviderLogoutError =
  InvalidLogoutToken | { type: 'KeysUnavailable' } | { type: 'ReplayUnchecked' };

/**
 * The identity provider's back-channel logout (decisions.md, "The provider's sign-outs"): a
 * logout token signed by the provider's keys, its claims checked, its `jti` used once on every
 * instance; then, in one unit of work, with `sid` every live session carrying it is revoked (with
 * `sub`, only that account's) and the `sid` kept refused, or, when that account has live sessions
 * and none carries a `sid`, the account is signed out as with `sub` alone: every token issued up
 * to the later of this second and the logout token's `iat` refused, every live session revoked.
 * Audited with initiator `idp`. How many sessions it revoked.
 */
export class HandleProviderLogout {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork' | 'clock'> & {
      logoutTokens: LogoutTokenReader;
      replay: ReplayRecord;
    },
    private readonly rules: LogoutTokenRules,
  ) {}

  async execute(input: { logoutToken: string }): Promise<Result<number, HandleProviderLogoutError>> {
    const signed = await this.deps.logoutTokens.read(input.logoutToken);
    if (!signed.ok) {
      return signed.error.type === 'KeysUnavailable'
        ? err({ type: 'KeysUnavailable' })
        : err({
            type: 'InvalidLogoutToken',
            reason: 'The logout token is not signed by the identity provider',
          });
    }
    const checked = checkLogoutToken(
      signed.value.header,
      signed.value.claims,
      this.rules,
      this.deps.clock.now().getTime(),
    );
    if (!checked.ok) return checked;
    const token = checked.value;
    let first: boolean;
    try {
      // As long as the token's iat can still be accepted: its age, and the clock tolerance ahead.
      const ttl = this.rules.maxAgeSeconds + CLOCK_TOLERANCE_MS / 1000;
      first = await this.deps.replay.firstUse(LOGOUT_TOKEN_SCOPE, token.jti, ttl);
    } catch {
      return err({ type: 'ReplayUnchecked' });
    }
    if (!first) return err({ type: 'InvalidLogoutToken', reason: 'The logout token was used before' });
    return this.deps.unitOfWork.run(async (tx): Promise<Result<number, HandleProviderLogoutError>> =>
      ok(await this.apply(tx, token)),
    );
  }

  private async apply(tx: TransactionalPorts, token: LogoutToken): Promise<number> {
    const { sid, sub } = token;
    if (sid === null || (sub !== null && (await this.onlySessionsWithoutSid(tx, sub)))) {
      // Checked by checkLogoutToken: a token without sid has a sub.
      const signedOut = await this.signOutAccount(tx, sub ?? '', token.issuedAt);
      if (sid !== null) await tx.sessions.refuseSid(sid, sub, this.deps.clock.now());
      return signedOut;
    }
    const now = this.deps.clock.now();
    const revoked = await tx.sessions.revokeLiveBySid(sid, now, sub);
    for (const session of revoked) {
      await tx.auditLog.append({
        userId: session.userId,
        event: 'SESSION_REVOKE',
        details: { sessionId: session.id, initiator: 'idp' },
        revocation: { kind: 'session', sid: session.sid },
      });
    }
    await tx.sessions.refuseSid(sid, sub, now);
    return revoked.length;
  }

  /** Whether the account has live sessions and none of them carries a `sid` (a provider whose access tokens have none). */
  private async onlySessionsWithoutSid(tx: TransactionalPorts, userId: string): Promise<boolean> {
    const { live, withSid } = await tx.sessions.countLive(userId, this.deps.clock.now());
    return live > 0 && withSid === 0;
  }

  /** Sign-out-everywhere at the later of now and `iat`; an unknown account: nothing, 0. */
  private async signOutAccount(tx: TransactionalPorts, userId: string, issuedAt: number): Promise<number> {
    if (!(await tx.users.lock(userId))) return 0;
    return revokeSessions(tx, this.deps.clock, {
      userId,
      scope: 'all',
      keptSessionId: null,
      initiator: 'idp',
      upTo: new Date(issuedAt * 1000),
    });
  }
}
