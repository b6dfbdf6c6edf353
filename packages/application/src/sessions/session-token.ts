import { isRevoked, touchOf, type SessionKey, type SessionUse } from '@accounts/domain';
import type { GateSession, Ports, SessionState } from '../ports.js';

/** A verified token as the session check sees it: its session's key and this use of it. */
export type SessionToken = { readonly key: SessionKey; readonly use: SessionUse };

/** Whether the token is refused as revoked (checked before the account-state gate). */
export function refusesToken(state: SessionState, token: SessionToken): boolean {
  return isRevoked({ session: state.session, signOut: state.signOut, issuedAt: token.use.issuedAt });
}

/**
 * After the gates passed: a session seen for the first time is inserted; a known one is written
 * only when the use moves lastSeenAt (a minute on) or expiresAt (a later `exp`), so that the
 * common read stays a read. The write, or undefined when there is none: the caller awaits only a
 * write, so the common read costs no extra turn of the event loop.
 */
export function recordSessionUse(
  deps: Pick<Ports, 'sessions' | 'clock'>,
  userId: string,
  session: GateSession | null,
  token: SessionToken,
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
  return touch ? deps.sessions.touch(session.id, touch) : undefined;
}
