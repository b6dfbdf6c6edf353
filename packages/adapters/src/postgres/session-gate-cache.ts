import type { SessionState } from '@accounts/application';
import { toSessionState, type SessionGateRow } from './session.mapper.js';

/** How long a read session state is served: within the contract's 1 s with room for the read itself. */
export const SESSION_STATE_MAX_AGE_MS = 500;
const MAX_USERS = 10_000;
/** Tokens of one user kept at once (a token without `sid` or `jti` is a session of its own). */
const MAX_KEYS_PER_USER = 32;

type Entry = { readonly readAt: number; readonly state: SessionState };
type UserEntries = { changedAt: number; readonly states: Map<string, Entry> };

/**
 * The session states the gate read lately, per user and session key (decisions.md, "Sessions and
 * sign-out everywhere"). While one is younger than `maxAgeMs`, a request reads the account's flags
 * alone instead of the join with its session: a revocation by another instance is seen within
 * that age, and one by this process from its next request on, because the unit of work forgets the
 * user's states once the change commits, and a state read before that is not kept.
 */
export class SessionGateCache {
  readonly #users = new Map<string, UserEntries>();

  constructor(
    private readonly maxAgeMs = SESSION_STATE_MAX_AGE_MS,
    /** Milliseconds on a monotonic clock. */
    readonly now: () => number = () => performance.now(),
  ) {}

  /** The state of the user's session `key` read less than `maxAgeMs` ago, if any. */
  get(userId: string, key: string): SessionState | undefined {
    const entry = this.#users.get(userId)?.states.get(key);
    if (entry === undefined || this.now() - entry.readAt >= this.maxAgeMs) return undefined;
    return entry.state;
  }

  /** A state read by a query sent at `readAt` (a reading of `now`); dropped if the user's sessions changed since. */
  set(userId: string, key: string, state: SessionState, readAt: number): void {
    if (this.now() - readAt >= this.maxAgeMs) return;
    let user = this.#users.get(userId);
    if (user !== undefined && readAt <= user.changedAt) return;
    user ??= this.#add(userId, -Infinity);
    if (user.states.size >= MAX_KEYS_PER_USER && !user.states.has(key)) user.states.clear();
    user.states.set(key, { readAt, state });
  }

  /** The user's sessions changed, committed: every state of theirs read until now is dropped. */
  forget(userId: string): void {
    const user = this.#users.get(userId);
    if (user === undefined) {
      this.#add(userId, this.now());
      return;
    }
    user.changedAt = this.now();
    user.states.clear();
  }

  /** A user's entry; the one added longest ago makes room when the cache is full. */
  #add(userId: string, changedAt: number): UserEntries {
    if (this.#users.size >= MAX_USERS) {
      for (const oldest of this.#users.keys()) {
        this.#users.delete(oldest);
        break;
      }
    }
    const user: UserEntries = { changedAt, states: new Map() };
    this.#users.set(userId, user);
    return user;
  }
}

/**
 * One gate read of a token's session: `withoutState` (the account's row alone) while `cache` holds
 * a fresh state of the session, else `withState` (the same row joined with the session), whose
 * state is kept from the moment its query was sent. Undefined when the read finds no row.
 */
export async function readWithSessionState<Row>(
  cache: SessionGateCache | null,
  userId: string,
  key: string,
  reads: {
    withoutState: () => Promise<Row | undefined>;
    withState: () => Promise<(Row & SessionGateRow) | undefined>;
  },
): Promise<{ row: Row; state: SessionState } | undefined> {
  const cached = cache?.get(userId, key);
  if (cached !== undefined) {
    const row = await reads.withoutState();
    return row === undefined ? undefined : { row, state: cached };
  }
  const readAt = cache?.now() ?? 0;
  const row = await reads.withState();
  if (row === undefined) return undefined;
  const state = toSessionState(row);
  cache?.set(userId, key, state, readAt);
  return { row, state };
}

/**
 * Where a sessions repository reports a change of a user's sessions: forgotten at once on the pool
 * (each statement commits), collected in a transaction and forgotten when it commits.
 */
export type SessionChanges = { readonly cache: SessionGateCache | null; changed(userId: string): void };

/** No cache: every gate reads the session (a repository built outside the persistence's composition). */
export const UNCACHED: SessionChanges = {
  cache: null,
  changed() {
    // Nothing read lately, nothing to forget.
  },
};
