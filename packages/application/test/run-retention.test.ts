import { describe, expect, it } from 'vitest';
import type { AuditPosition } from '@accounts/domain';
import type { RetentionStore } from '../src/ports.js';
import { RunRetention } from '../src/use-cases/run-retention.use-case.js';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-06-01T00:00:00.000Z');

/** Rows by the time that decides their removal; records every call. */
class FakeRetentionStore implements RetentionStore {
  readonly calls: { table: string; cutoff: Date; limit: number }[] = [];
  constructor(
    public outbox: Date[],
    public audit: Date[],
    /** Each session by the moment retention may remove it from. */
    public sessions: Date[] = [],
    /** Each used token id or refused `sid` by the moment retention may remove it from. */
    public usedTokenRecords: Date[] = [],
  ) {}
  removeDoneOutboxEntries(cutoff: Date, limit: number) {
    this.calls.push({ table: 'outbox', cutoff, limit });
    return Promise.resolve(this.take('outbox', cutoff, limit));
  }
  /** Each audit batch's `after`, in order. */
  readonly auditAfter: (AuditPosition | null)[] = [];
  removeAuditRecords(cutoff: Date, limit: number, after: AuditPosition | null) {
    this.calls.push({ table: 'audit', cutoff, limit });
    this.auditAfter.push(after);
    // A record's position: its time (microseconds) and, as its id, the time in milliseconds.
    const position = (at: Date) => ({
      createdAt: at.toISOString().replace('Z', '000Z'),
      id: String(at.getTime()),
    });
    const rows = [...this.audit].sort((a, b) => a.getTime() - b.getTime());
    const removed = rows
      .filter((at) => at < cutoff && (!after || at.getTime() > Number(after.id)))
      .slice(0, limit);
    this.audit = rows.filter((at) => !removed.includes(at));
    const last = removed.at(-1);
    return Promise.resolve({ removed: removed.length, last: last ? position(last) : null });
  }
  removeSessions(now: Date, limit: number) {
    this.calls.push({ table: 'sessions', cutoff: now, limit });
    return Promise.resolve(this.take('sessions', now, limit));
  }
  removeUsedTokenRecords(now: Date, limit: number) {
    this.calls.push({ table: 'usedTokenRecords', cutoff: now, limit });
    return Promise.resolve(this.take('usedTokenRecords', now, limit));
  }
  private take(table: 'outbox' | 'sessions' | 'usedTokenRecords', cutoff: Date, limit: number) {
    const rows = [...this[table]].sort((a, b) => a.getTime() - b.getTime());
    const removed = rows.filter((at) => at < cutoff).slice(0, limit);
    this[table] = rows.slice(removed.length);
    return removed.length;
  }
}

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const clock = { now: () => NOW };

describe('RunRetention', () => {
  it('removes in batches of the size given until a batch comes back short, by the cutoff of each limit', async () => {
    const store = new FakeRetentionStore(
      [daysAgo(8), daysAgo(9), daysAgo(10), daysAgo(11), daysAgo(12), daysAgo(6)],
      [daysAgo(40), daysAgo(31), daysAgo(29)],
      [daysAgo(3), daysAgo(2), daysAgo(1), daysAgo(-1)],
    );
    const run = new RunRetention({ retention: store, clock }, { outboxDays: 7, auditDays: 30 }, 2);
    expect(await run.execute()).toEqual({ outboxRemoved: 5, auditRemoved: 2, sessionsRemoved: 3 });
    expect(store.outbox).toEqual([daysAgo(6)]);
    expect(store.audit).toEqual([daysAgo(29)]);
    expect(store.sessions).toEqual([daysAgo(-1)]);
    expect(store.calls.filter((call) => call.table === 'outbox')).toHaveLength(3);
    expect(store.calls.every((call) => call.limit === 2)).toBe(true);
    expect(store.calls[0]?.cutoff).toEqual(daysAgo(7));
    expect(store.calls.filter((call) => call.table === 'audit').at(-1)?.cutoff).toEqual(daysAgo(30));
    // Sessions are asked about with the time itself: the store knows each one's own retention.
    expect(store.calls.filter((call) => call.table === 'sessions').at(-1)).toEqual({
      table: 'sessions',
      cutoff: NOW,
      limit: 2,
    });
  });

  it('hands each audit batch the last record the one before removed, and the first none', async () => {
    const store = new FakeRetentionStore(
      [],
      [daysAgo(35), daysAgo(31), daysAgo(40), daysAgo(29), daysAgo(33)],
    );
    const run = new RunRetention({ retention: store, clock }, { outboxDays: 7, auditDays: 30 }, 2);
    expect(await run.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 4, sessionsRemoved: 0 });
    expect(store.audit).toEqual([daysAgo(29)]);
    // Two full batches (40 and 35 days, 33 and 31), then a short one from after the last.
    expect(store.auditAfter.map((after) => after?.createdAt ?? null)).toEqual([
      null,
      daysAgo(35).toISOString().replace('Z', '000Z'),
      daysAgo(31).toISOString().replace('Z', '000Z'),
    ]);
  });

  it('keeps audit records forever when no audit limit is set', async () => {
    const store = new FakeRetentionStore([], [daysAgo(4000)]);
    const run = new RunRetention({ retention: store, clock }, { outboxDays: 7, auditDays: null });
    expect(await run.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 0, sessionsRemoved: 0 });
    expect(store.calls.map((call) => call.table)).toEqual(['outbox', 'sessions', 'usedTokenRecords']);
  });

  it('removes the used token ids and refused sids the store lets go, batch after batch, outside the summary', async () => {
    const store = new FakeRetentionStore([], [], [], [daysAgo(31), daysAgo(1), daysAgo(2), daysAgo(-1)]);
    const run = new RunRetention({ retention: store, clock }, { outboxDays: 7, auditDays: null }, 2);
    expect(await run.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 0, sessionsRemoved: 0 });
    expect(store.usedTokenRecords).toEqual([daysAgo(-1)]);
    expect(store.calls.at(-1)).toEqual({ table: 'usedTokenRecords', cutoff: NOW, limit: 2 });
  });

  it('stops between batches once asked to', async () => {
    const store = new FakeRetentionStore(
      Array.from({ length: 10 }, (_, i) => daysAgo(8 + i)),
      Array.from({ length: 10 }, (_, i) => daysAgo(40 + i)),
    );
    const run = new RunRetention({ retention: store, clock }, { outboxDays: 7, auditDays: 30 }, 2);
    let batches = 0;
    const summary = await run.execute({ shouldContinue: () => batches++ < 2 });
    expect(summary).toEqual({ outboxRemoved: 4, auditRemoved: 0, sessionsRemoved: 0 });
    expect(store.calls).toHaveLength(2);
  });
});
