import { isRevoked, touchOf, type SessionKey, type SessionTouch, type SessionUse } from '@accounts/domain';
import type { GateSession, Ports, SessionState } from '../ports.js';

/** A verified token as the session check sees it: its session's key and this use of it. */
export type SessionToken = { readonly key: SessionKey; readonly use: SessionUse };

/**
 * The token's session as the check sees it: the one its key found, or on first sight (none) of a
 * token keyed by its signed part, the session the same token had under its old whole-token key,
 * so that one revoked before the change stays revoked and one kept by revoke-others stays kept;
 * on first sight of a token with a `sid` the provider signed out, its session recorded already
 * revoked. A promise only for those first sights: the common read, which found its session, sends
 * nothing more and waits for nothing.
 */
export function sessionOfToken(
  deps: Pick<Ports, 'sessions' | 'clock'>,
  userId: string,
  state: SessionState,
  token: SessionToken,
): GateSession | null | Promise<GateSession | null> {
  if (state.session !== null) return state.session;
  const { legacyKeys, sid } = token.key;
  if (legacyKeys !== undefined) return deps.sessions.findByLegacyKeys(userId, legacyKeys());
  if (sid === null) return null;
  return deps.sessions.recordIfRefused({
    userId,
    key: token.key.key,
    sid,
    at: deps.clock.now(),
    expiresAt: token.use.expiresAt,
    address: token.use.address,
    userAgent: token.use.userAgent,
  });
}

/** Whether the token is refused as revoked (checked before the account-state gate). */
export function refusesToken(state: SessionState, token: SessionToken): boolean {
  return isRevoked({ session: state.session, signOut: state.signOut, issuedAt: token.use.issuedAt });
}

/**
 * After the gates passed: a session seen for the first time is inserted, or, found under its old
 * key (`legacy`), keyed by the new one; a known one is written only when the use moves lastSeenAt
 * (a minute on) or expiresAt (a later `exp`), so that the common read stays a read. The write, or
 * undefined when there is none: the caller awaits only a write, so the common read costs no
 * extra turn of the event loop.
 */
export function recordSessionUse(
  deps: Pick<Ports, 'sessions' | 'clock'>,
  userId: string,
  session: GateSession | null,
  token: SessionToken,
  legacy = false,
): Promise<void> | undefined {
  const now = deps.clock.now();
  if (!session) {
    return deps.sessions.record({
      userId,
      key: token.key.key,
      sid: token.key.sid,
      at: now,
      expiresAt: token.use.expiresAt,
      address: token.use.address,
      userAgent: token.use.userAgent,
    });
  }
  const touch = touchOf(session, token.use, now);
  if (legacy) return adopt(deps, userId, session.id, token.key.key, touch);
  return touch ? deps.sessions.touch(session.id, touch) : undefined;
}

/** A session found under its old key takes the new one, then this use's touch; a parallel first sight may have won. */
async function adopt(
  deps: Pick<Ports, 'sessions'>,
  userId: string,
  id: string,
  key: string,
  touch: SessionTouch | null,
): Promise<void> {
  if ((await deps.sessions.rekey(userId, id, key)) && touch) await deps.sessions.touch(id, touch);
}
