import {
  checkPageLimit,
  decodeSessionPosition,
  encodeSessionPosition,
  err,
  ok,
  SESSIONS_PAGE,
  type ErrorOf,
  type Result,
  type SessionPosition,
} from '@accounts/domain';
import type { Ports, StoredSession } from '../ports.js';

export type ListSessionsError = ErrorOf<'InvalidPageLimit' | 'InvalidCursor' | 'UserNotFound'>;

/** A page of sessions as the lists show them, and the cursor of the next (null on the last). */
export type SessionPage<S> = { sessions: S[]; nextCursor: string | null };

/**
 * A page of the account's live sessions (decisions.md, Bounded lists), as the security events are
 * paged: the limit and the cursor checked first (a cursor sealed for this account only), then the
 * account. The first page's time goes into every cursor after it, so each page keeps the order of
 * the first: a session seen meanwhile stays where it was, one created meanwhile waits for a new
 * first page, one revoked or expired meanwhile is left out.
 */
export async function pageOfLiveSessions(
  deps: Pick<Ports, 'users' | 'sessions' | 'clock' | 'cursors'>,
  input: { userId: string; limit?: number | undefined; cursor?: string | undefined },
): Promise<Result<SessionPage<StoredSession>, ListSessionsError>> {
  const limit = checkPageLimit(input.limit, SESSIONS_PAGE);
  if (!limit.ok) return limit;
  let after: SessionPosition | null = null;
  if (input.cursor) {
    const payload = deps.cursors.open(input.userId, input.cursor);
    after = payload === null ? null : decodeSessionPosition(payload);
    if (after === null) return err({ type: 'InvalidCursor' });
  }
  if (!(await deps.users.findFlags(input.userId))) return err({ type: 'UserNotFound' });

  const now = deps.clock.now();
  const listedAt = after === null ? now : new Date(after.listedAt);
  // One more than asked for tells whether another page follows.
  const rows = await deps.sessions.listLive(input.userId, {
    listedAt,
    now,
    after: after && { seenAt: after.seenAt, id: after.id },
    limit: limit.value + 1,
  });
  const page = rows.slice(0, limit.value);
  const last = page.at(-1);
  return ok({
    sessions: page.map(({ position: _position, ...session }) => session),
    nextCursor:
      rows.length > limit.value && last
        ? deps.cursors.seal(
            input.userId,
            encodeSessionPosition({ listedAt: listedAt.toISOString(), ...last.position }),
          )
        : null,
  });
}
