import { randomUUID } from 'node:crypto';
import {
  BUILT_IN_IN_ANY_ORDER,
  type Outbox,
  type OutboxDepth,
  type OutboxEntry,
  type OutboxMessage,
  type OutboxStore,
} from '@accounts/application';
import type { NextState, OutboxStatus } from '@accounts/domain';
import { sql } from 'kysely';
import { jsonb, toNumber } from './column-values.js';
import type { DatabaseExecutor, OutboxRow } from './schema.js';

/** What `outbox list` filters on; `kind` as stored. */
export type OutboxFilter = { status?: OutboxStatus; kind?: string; limit?: number };

const ms = (value: number) => sql`${value} * interval '1 millisecond'`;

/**
 * The `outbox` table. Times that decide what is due are the database's (`now()`), so several
 * instances agree on them whatever their own clocks say.
 */
export class KyselyOutboxRepository implements Outbox, OutboxStore {
  constructor(private readonly db: DatabaseExecutor) {}

  async enqueue(message: OutboxMessage, options: { leaseMs?: number } = {}): Promise<OutboxEntry> {
    const row = await this.db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        kind: message.kind,
        user_id: message.userId,
        payload: jsonb(message.payload),
        ...(options.leaseMs ? { next_attempt_at: sql<Date>`now() + ${ms(options.leaseMs)}` } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEntry(row);
  }

  /**
   * One statement: the first `limit` due pending entries that no other transaction has locked
   * (FOR UPDATE SKIP LOCKED), less those whose line (user and kind) has an earlier entry waiting
   * for its first attempt outside this batch (kinds in `inAnyOrder` excepted: by default the
   * built-in channels claimed in any order), leased by their
   * place in their line. No transaction stays open while they are delivered.
   */
  async claimDue({
    limit,
    leaseMs,
    inAnyOrder = BUILT_IN_IN_ANY_ORDER,
  }: {
    limit: number;
    leaseMs: number;
    inAnyOrder?: readonly string[];
  }): Promise<OutboxEntry[]> {
    const anyOrder = inAnyOrder.length > 0 ? sql`c.kind in (${sql.join([...inAnyOrder])})` : sql`false`;
    const { rows } = await sql<OutboxRow>`
      with candidates as (
        select id, user_id, kind, seq from outbox
        where status = 'pending' and next_attempt_at <= now()
        order by seq
        limit ${limit}
        for update skip locked
      ),
      eligible as (
        select c.id, row_number() over (partition by c.user_id, c.kind order by c.seq) as place
        from candidates c
        where ${anyOrder} or not exists (
          select 1 from outbox earlier
          where earlier.user_id = c.user_id and earlier.kind = c.kind and earlier.status = 'pending'
            and earlier.attempts = 0 and earlier.seq < c.seq
            and earlier.id not in (select id from candidates)
        )
      )
      update outbox set next_attempt_at = now() + eligible.place * ${ms(leaseMs)}
      from eligible
      where outbox.id = eligible.id
      returning outbox.*
    `.execute(this.db);
    return rows
      .map(toEntry)
      .sort((a, b) => a.seq - b.seq)
      .map(({ seq: _seq, ...entry }) => entry);
  }

  async record(id: string, state: NextState): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set((eb) => ({
        status: state.status,
        attempts: eb('attempts', '+', 1),
        last_error: state.status === 'done' ? null : state.error,
        ...(state.status === 'pending' ? { next_attempt_at: sql<Date>`now() + ${ms(state.retryInMs)}` } : {}),
        ...(state.status === 'done' ? { done_at: sql<Date>`now()` } : {}),
      }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', 'in', [...ids])
      .where('status', '=', 'pending')
      .execute();
  }

  async depth(): Promise<OutboxDepth[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['kind', 'status', (eb) => eb.fn.countAll<string | number | bigint>().as('count')])
      .groupBy(['kind', 'status'])
      .orderBy('kind')
      .orderBy('status')
      .execute();
    return rows.map((row) => ({ kind: row.kind, status: row.status, count: toNumber(row.count) }));
  }

  /** Newest first. */
  async list(filter: OutboxFilter = {}): Promise<OutboxEntry[]> {
    let query = this.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(filter.limit ?? 100);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    const rows = await query.execute();
    return rows.map(toEntry).map(({ seq: _seq, ...entry }) => entry);
  }

  /** Makes the entries (or every failed one) pending and due now; returns how many changed. */
  async retry(which: { ids: readonly string[] } | { failed: true }): Promise<number> {
    if ('ids' in which && which.ids.length === 0) return 0;
    let query = this.db
      .updateTable('outbox')
      .set({ status: 'pending', next_attempt_at: sql<Date>`now()`, done_at: null });
    query = 'ids' in which ? query.where('id', 'in', [...which.ids]) : query.where('status', '=', 'failed');
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

function toEntry(row: OutboxRow): OutboxEntry & { seq: number } {
  return {
    id: row.id,
    seq: toNumber(row.seq),
    kind: row.kind,
    userId: row.user_id,
    // `pg` parses jsonb; a driver that hands back text gets it parsed here.
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
  } as OutboxEntry & { seq: number }; // payload holds what enqueue wrote for the kind
}
