import type { NextState, OutboxStatus } from '@accounts/domain';
import { BUILT_IN_IN_ANY_ORDER } from '../outbox/outbox-channels.js';
import type {
  Clock,
  Outbox,
  OutboxChannelKind,
  OutboxDepth,
  OutboxEntry,
  OutboxMessage,
  OutboxStore,
} from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

/** A user's line: one user's entries of one channel. */
const lineOf = (entry: OutboxEntry) => JSON.stringify([entry.userId, entry.kind]);

/** Both sides of the outbox over the in-memory database, with the Kysely store's claim rules. */
export class InMemoryOutbox implements Outbox, OutboxStore {
  private ids = 0;

  constructor(
    private readonly db: InMemoryDatabase,
    private readonly clock: Clock,
  ) {}

  enqueue(message: OutboxMessage, options: { leaseMs?: number } = {}) {
    const now = this.clock.now();
    const entry = {
      ...structuredClone(message),
      id: `outbox-${++this.ids}`,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(now.getTime() + (options.leaseMs ?? 0)),
      lastError: null,
      createdAt: now,
    } as OutboxEntry;
    this.db.outbox.push(entry);
    return Promise.resolve(entry);
  }

  claimDue({
    limit,
    leaseMs,
    inAnyOrder = BUILT_IN_IN_ANY_ORDER,
  }: {
    limit: number;
    leaseMs: number;
    inAnyOrder?: readonly string[];
  }) {
    const now = this.clock.now();
    const due = this.db.outbox
      .filter((e) => e.status === 'pending' && e.nextAttemptAt <= now)
      .slice(0, limit)
      .filter((e) => inAnyOrder.includes(e.kind) || !this.waitsForEarlierFirstTry(e, now));
    const rank = new Map<string, number>();
    const claimed = due.map((e) => {
      const line = lineOf(e);
      const n = (rank.get(line) ?? 0) + 1;
      rank.set(line, n);
      return { ...e, nextAttemptAt: new Date(now.getTime() + n * leaseMs) };
    });
    this.replace(claimed);
    return Promise.resolve(claimed);
  }

  record(id: string, state: NextState) {
    const entry = this.db.outbox.find((e) => e.id === id && e.status === 'pending');
    if (!entry) return Promise.resolve();
    this.replace([
      {
        ...entry,
        status: state.status,
        attempts: entry.attempts + 1,
        nextAttemptAt:
          state.status === 'pending'
            ? new Date(this.clock.now().getTime() + state.retryInMs)
            : entry.nextAttemptAt,
        lastError: state.status === 'done' ? null : state.error,
      },
    ]);
    return Promise.resolve();
  }

  release(ids: readonly string[]) {
    const now = this.clock.now();
    this.replace(
      this.db.outbox
        .filter((e) => ids.includes(e.id) && e.status === 'pending')
        .map((e) => ({ ...e, nextAttemptAt: now })),
    );
    return Promise.resolve();
  }

  depth() {
    const counts = new Map<string, OutboxDepth>();
    for (const { kind, status } of this.db.outbox) {
      const key = `${kind} ${status}`;
      counts.set(key, { kind, status, count: (counts.get(key)?.count ?? 0) + 1 });
    }
    return Promise.resolve([...counts.values()]);
  }

  /** The entries of a kind and status, for assertions. */
  entries(filter: { kind?: OutboxChannelKind; status?: OutboxStatus } = {}): OutboxEntry[] {
    return this.db.outbox.filter(
      (e) => (!filter.kind || e.kind === filter.kind) && (!filter.status || e.status === filter.status),
    );
  }

  private waitsForEarlierFirstTry(entry: OutboxEntry, now: Date): boolean {
    const index = this.db.outbox.indexOf(entry);
    return this.db.outbox
      .slice(0, index)
      .some(
        (e) =>
          lineOf(e) === lineOf(entry) && e.status === 'pending' && e.attempts === 0 && e.nextAttemptAt > now,
      );
  }

  private replace(entries: readonly OutboxEntry[]) {
    const byId = new Map(entries.map((e) => [e.id, e]));
    this.db.outbox = this.db.outbox.map((e) => byId.get(e.id) ?? e);
  }
}
