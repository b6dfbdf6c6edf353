import { isLive, isRemovable, type SessionTouch, type SignOutMoment } from '@accounts/domain';
import type {
  GateSession,
  NewSession,
  SessionGateState,
  SessionRepository,
  SessionState,
  StoredSession,
} from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

/** A session row of the in-memory store: the stored session and its user. */
export type InMemorySession = StoredSession & { readonly userId: string };

function stored({ userId: _userId, ...session }: InMemorySession): StoredSession {
  return session;
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
    this.db.sessions = this.db.sessions.map((s) => (s.id === id ? { ...s, ...touch } : s));
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
