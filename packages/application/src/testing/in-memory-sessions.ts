import { isLive, isRemovable, type SessionTouch, type SignOutMoment } from '@accounts/domain';
import type {
  GateSession,
  NewSession,
  PositionedSession,
  RevokedSession,
  SessionGateState,
  SessionPageQuery,
  SessionRepository,
  SessionState,
  StoredSession,
} from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

/**
 * A session row of the in-memory store: the stored session, its user, and `lastSeenAt` before its
 * latest move (previous_seen_at; absent or null before the first).
 */
export type InMemorySession = StoredSession & {
  readonly userId: string;
  readonly previousSeenAt?: Date | null;
};

function stored({ userId: _userId, previousSeenAt: _previous, ...session }: InMemorySession): StoredSession {
  return session;
}

/** A time as a SessionPosition holds it: with microseconds (always 000 here), in UTC. */
function microseconds(time: Date): string {
  return time.toISOString().replace('Z', '000Z');
}

/** When `session` was last seen as of `listedAt`: null when it moved twice since (not known). */
function seenAsOf(session: InMemorySession, listedAt: Date): string | null {
  if (session.lastSeenAt.getTime() <= listedAt.getTime()) return microseconds(session.lastSeenAt);
  const previous = session.previousSeenAt ?? null;
  return previous !== null && previous.getTime() <= listedAt.getTime() ? microseconds(previous) : null;
}

type Position = PositionedSession['position'];

/** Whether `a` comes before `b` in a page's order: seen later first, not known last, then by id. */
function precedes(a: Position, b: Position): boolean {
  if (a.seenAt !== b.seenAt) {
    if (a.seenAt === null || b.seenAt === null) return b.seenAt === null;
    return a.seenAt > b.seenAt;
  }
  return a.id > b.id;
}

/** The in-memory sessions; rows are replaced, never changed in place (the unit of work snapshots them). */
export class InMemorySessionRepository implements SessionRepository {
  private lastId = 0;

  constructor(private readonly db: InMemoryDatabase) {}

  #stateOf(userId: string, key: string): SessionState {
    const session = this.#sessionOf(userId, key);
    return {
      signOut: this.db.signOuts.get(userId) ?? null,
      // What the database's gate read returns of it.
      session: session && {
        id: session.id,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
        revokedAt: session.revokedAt,
      },
    };
  }

  #sessionOf(userId: string, key: string): StoredSession | null {
    const session = this.db.sessions.find((s) => s.userId === userId && s.key === key);
    return session ? stored(session) : null;
  }

  findGate(userId: string, key: string): Promise<SessionGateState | null> {
    const user = this.db.users.get(userId);
    if (!user) return Promise.resolve(null);
    return Promise.resolve({
      flags: { disabled: user.disabled, banned: user.banned },
      ...this.#stateOf(userId, key),
    });
  }

  record(session: NewSession): Promise<void> {
    const taken = this.db.sessions.some((s) => s.userId === session.userId && s.key === session.key);
    if (!taken && this.db.users.has(session.userId)) {
      this.db.sessions = [
        ...this.db.sessions,
        {
          id: `session-${++this.lastId}`,
          userId: session.userId,
          key: session.key,
          sid: session.sid,
          createdAt: session.at,
          lastSeenAt: session.at,
          expiresAt: session.expiresAt,
          address: session.address,
          userAgent: session.userAgent,
          revokedAt: null,
        },
      ];
    }
    return Promise.resolve();
  }

  touch(id: string, touch: SessionTouch): Promise<void> {
    this.db.sessions = this.db.sessions.map((s) => {
      if (s.id !== id) return s;
      return { ...s, ...touch, ...(touch.lastSeenAt ? { previousSeenAt: s.lastSeenAt } : {}) };
    });
    return Promise.resolve();
  }

  findByLegacyKeys(userId: string, keys: readonly string[]): Promise<GateSession | null> {
    const [found] = this.db.sessions
      .filter((s) => s.userId === userId && s.key !== null && keys.includes(s.key))
      .sort(
        (a, b) =>
          (b.revokedAt?.getTime() ?? -Infinity) - (a.revokedAt?.getTime() ?? -Infinity) ||
          b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
      );
    if (!found) return Promise.resolve(null);
    const { id, lastSeenAt, expiresAt, revokedAt } = found;
    return Promise.resolve({ id, lastSeenAt, expiresAt, revokedAt });
  }

  rekey(userId: string, id: string, key: string): Promise<boolean> {
    if (this.db.sessions.some((s) => s.userId === userId && s.key === key && s.id !== id)) {
      return Promise.resolve(false);
    }
    this.db.sessions = this.db.sessions.map((s) => (s.userId === userId && s.id === id ? { ...s, key } : s));
    return Promise.resolve(true);
  }

  findByKey(userId: string, key: string): Promise<StoredSession | null> {
    return Promise.resolve(this.#sessionOf(userId, key));
  }

  listByUser(userId: string): Promise<StoredSession[]> {
    const sessions = this.db.sessions
      .filter((s) => s.userId === userId)
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.id.localeCompare(a.id));
    return Promise.resolve(sessions.map(stored));
  }

  listLive(userId: string, page: SessionPageQuery): Promise<PositionedSession[]> {
    const { listedAt, after } = page;
    const listed = this.db.sessions
      .filter(
        (s) => s.userId === userId && isLive(s, page.now) && s.createdAt.getTime() <= listedAt.getTime(),
      )
      .map((s) => ({ ...stored(s), position: { seenAt: seenAsOf(s, listedAt), id: s.id } }))
      .filter((s) => after === null || precedes(after, s.position))
      .sort((a, b) => (precedes(a.position, b.position) ? -1 : 1));
    return Promise.resolve(listed.slice(0, page.limit));
  }

  async revoke(userId: string, id: string, at: Date): Promise<StoredSession | null> {
    const [revoked] = await this.revokeWhere(at, (s) => s.userId === userId && s.id === id);
    return revoked ?? null;
  }

  revokeLive(userId: string, at: Date, exceptId: string | null): Promise<StoredSession[]> {
    return this.revokeWhere(at, (s) => s.userId === userId && s.id !== exceptId);
  }

  signOut(userId: string, moment: SignOutMoment): Promise<boolean> {
    if (!this.db.users.has(userId)) return Promise.resolve(false);
    this.db.signOuts = new Map(this.db.signOuts).set(userId, moment);
    return Promise.resolve(true);
  }

  recordIfRefused(session: NewSession & { sid: string }): Promise<GateSession | null> {
    const refusedAt = this.db.refusedSids
      .filter((r) => r.sid === session.sid && (r.sub === null || r.sub === session.userId))
      .reduce<Date | null>((latest, r) => (latest && latest >= r.refusedAt ? latest : r.refusedAt), null);
    if (refusedAt === null || !this.db.users.has(session.userId)) return Promise.resolve(null);
    const existing = this.db.sessions.find((s) => s.userId === session.userId && s.key === session.key);
    const row: InMemorySession = existing
      ? { ...existing, revokedAt: existing.revokedAt ?? refusedAt }
      : {
          id: `session-${++this.lastId}`,
          userId: session.userId,
          key: session.key,
          sid: session.sid,
          createdAt: session.at,
          lastSeenAt: session.at,
          expiresAt: session.expiresAt,
          address: session.address,
          userAgent: session.userAgent,
          revokedAt: refusedAt,
        };
    this.db.sessions = existing
      ? this.db.sessions.map((s) => (s === existing ? row : s))
      : [...this.db.sessions, row];
    const { id, lastSeenAt, expiresAt, revokedAt } = row;
    return Promise.resolve({ id, lastSeenAt, expiresAt, revokedAt });
  }

  async revokeLiveBySid(sid: string, at: Date, userId: string | null): Promise<RevokedSession[]> {
    const owners = new Map(this.db.sessions.map((s) => [s.id, s.userId]));
    const revoked = await this.revokeWhere(
      at,
      (s) => s.sid === sid && (userId === null || s.userId === userId),
    );
    return revoked.map((session) => ({ ...session, userId: owners.get(session.id) ?? '' }));
  }

  countLive(userId: string, at: Date): Promise<{ live: number; withSid: number }> {
    const live = this.db.sessions.filter((s) => s.userId === userId && isLive(s, at));
    return Promise.resolve({ live: live.length, withSid: live.filter((s) => s.sid !== null).length });
  }

  refuseSid(sid: string, sub: string | null, at: Date): Promise<void> {
    this.db.refusedSids = [
      ...this.db.refusedSids.filter((r) => !(r.sid === sid && r.sub === sub)),
      { sid, sub, refusedAt: at },
    ];
    return Promise.resolve();
  }

  /** Retention's removal, for the in-memory RetentionStore. */
  removeExpired(now: Date, limit: number): number {
    const removable = this.db.sessions.filter((s) => isRemovable(s, now)).slice(0, limit);
    this.db.sessions = this.db.sessions.filter((s) => !removable.includes(s));
    return removable.length;
  }

  private revokeWhere(at: Date, which: (session: InMemorySession) => boolean): Promise<StoredSession[]> {
    const revoked: StoredSession[] = [];
    this.db.sessions = this.db.sessions.map((s) => {
      if (!which(s) || !isLive(s, at)) return s;
      revoked.push(stored(s));
      return { ...s, revokedAt: at };
    });
    return Promise.resolve(revoked);
  }
}
