import type { RetentionStore } from '@accounts/application';
import {
  EXPIRED_SESSION_RETENTION_MS,
  REVOKED_SESSION_RETENTION_MS,
  type AuditPosition,
} from '@accounts/domain';
import { sql } from 'kysely';
import type { DatabaseExecutor } from './schema.js';

/** What /metrics reports about the tables: rows per table, and the oldest audit record kept. */
type TableStatistics = {
  rows: { table: string; rows: number }[];
  oldestAuditRecordAt: Date | null;
};

/** One batch of done outbox entries, oldest first; exported so that tests can ask the planner about it. */
export function doneOutboxBatch(db: DatabaseExecutor, cutoff: Date, limit: number) {
  const batch = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'done')
    .where('done_at', '<', cutoff)
    .orderBy('done_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db.deleteFrom('outbox').where(sql<boolean>`id = any(array(${batch}))`);
}

/** The expression migration 010's index is on: only retention's queries name it. */
const AUDIT_AGE = sql<Date>`(created_at at time zone 'UTC')`;
/** created_at with its full microsecond precision, in UTC, as an AuditPosition holds it. */
const AUDIT_AGE_TEXT = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One batch of audit records, oldest first (by time, then id), through migration 010's index on the
 * time they were written: every record older than the cut-off, whatever its id (ids need not grow
 * with `created_at`: imported records, a transaction that began earlier). After `after`, the last
 * record the batch before removed, as an index condition: the scan starts there instead of reading
 * again through the entries of every record removed so far, which stay in the index until VACUUM
 * (on 20,000,000 records, each batch read more than the one before). Returns the removed records'
 * ids and positions. Exported so that tests can ask the planner about it.
 */
export function auditRecordBatch(
  db: DatabaseExecutor,
  cutoff: Date,
  limit: number,
  after: AuditPosition | null,
) {
  let batch = db
    .selectFrom('audit_logs')
    .select('id')
    .where(sql<boolean>`${AUDIT_AGE} < (${cutoff}::timestamptz at time zone 'UTC')`);
  if (after) {
    batch = batch.where(
      sql<boolean>`(${AUDIT_AGE}, id) > ((cast(${after.createdAt} as timestamptz) at time zone 'UTC'), cast(${after.id} as bigint))`,
    );
  }
  return db
    .deleteFrom('audit_logs')
    .where(
      sql<boolean>`id = any(array(${batch.orderBy(AUDIT_AGE).orderBy('id').limit(limit).forUpdate().skipLocked()}))`,
    )
    .returning([sql<string>`id::text`.as('id'), AUDIT_AGE.as('age'), AUDIT_AGE_TEXT.as('created_at_text')]);
}

/**
 * One batch of sessions retention lets go at `now`: never revoked and expired more than a day ago,
 * through the partial index on `expires_at`; or revoked more than 30 days ago, through the one on
 * `revoked_at`. Exported so that tests can ask the planner about it.
 */
export function sessionBatch(db: DatabaseExecutor, which: 'expired' | 'revoked', now: Date, limit: number) {
  const batch =
    which === 'expired'
      ? db
          .selectFrom('sessions')
          .select('id')
          .where('revoked_at', 'is', null)
          .where('expires_at', '<', new Date(now.getTime() - EXPIRED_SESSION_RETENTION_MS))
          .orderBy('expires_at')
      : db
          .selectFrom('sessions')
          .select('id')
          .where('revoked_at', 'is not', null)
          .where('revoked_at', '<', new Date(now.getTime() - REVOKED_SESSION_RETENTION_MS))
          .orderBy('revoked_at');
  return db
    .deleteFrom('sessions')
    .where(sql<boolean>`id = any(array(${batch.limit(limit).forUpdate().skipLocked()}))`);
}

/**
 * One batch of the provider's sign-out records retention lets go at `now`: used token ids past
 * their expiry, or refused `sid`s refused more than 30 days ago, each through its time's index.
 */
function usedTokenRecordBatch(
  db: DatabaseExecutor,
  which: 'used-ids' | 'refused-sids',
  now: Date,
  limit: number,
) {
  if (which === 'used-ids') {
    const batch = db
      .selectFrom('used_token_ids')
      .select(['scope', 'id'])
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .$asTuple('scope', 'id');
    return db.deleteFrom('used_token_ids').where((eb) => eb(eb.refTuple('scope', 'id'), 'in', batch));
  }
  const batch = db
    .selectFrom('refused_sids')
    .select(sql<string>`ctid`.as('ctid'))
    .where('refused_at', '<', new Date(now.getTime() - REVOKED_SESSION_RETENTION_MS))
    .orderBy('refused_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  // The table has no key column; a row's ctid is stable within the statement.
  return db.deleteFrom('refused_sids').where(sql<boolean>`ctid = any(array(${batch}))`);
}

/**
 * Retention's deletes, each one statement over at most `limit` rows picked through an index
 * (migration 009's or 010's) and removed by primary key (`id = any(array(...))`: an `in (subquery)` lets the
 * planner hash-join against a scan of the whole table): the row locks it takes are few and brief, and rows another transaction holds
 * are skipped (SKIP LOCKED) rather than waited for.
 */
export class KyselyRetentionRepository implements RetentionStore {
  constructor(private readonly db: DatabaseExecutor) {}

  async removeDoneOutboxEntries(cutoff: Date, limit: number): Promise<number> {
    const result = await doneOutboxBatch(this.db, cutoff, limit).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async removeSessions(now: Date, limit: number): Promise<number> {
    const expired = await sessionBatch(this.db, 'expired', now, limit).executeTakeFirst();
    const removed = Number(expired.numDeletedRows);
    if (removed >= limit) return removed;
    const revoked = await sessionBatch(this.db, 'revoked', now, limit - removed).executeTakeFirst();
    return removed + Number(revoked.numDeletedRows);
  }

  async removeUsedTokenRecords(now: Date, limit: number): Promise<number> {
    const used = await usedTokenRecordBatch(this.db, 'used-ids', now, limit).executeTakeFirst();
    const removed = Number(used.numDeletedRows);
    if (removed >= limit) return removed;
    const refused = await usedTokenRecordBatch(
      this.db,
      'refused-sids',
      now,
      limit - removed,
    ).executeTakeFirst();
    return removed + Number(refused.numDeletedRows);
  }

  /**
   * With nothing old, the index scan stops at its first live entry: a run that finds none costs one
   * probe (and a walk past the entries of records removed since the last VACUUM).
   */
  async removeAuditRecords(
    cutoff: Date,
    limit: number,
    after: AuditPosition | null,
  ): Promise<{ removed: number; last: AuditPosition | null }> {
    const rows = await this.db
      .with('removed', () => auditRecordBatch(this.db, cutoff, limit, after))
      .selectFrom('removed')
      .select(['id', 'created_at_text', sql<string>`count(*) over ()`.as('removed')])
      .orderBy('age', 'desc')
      .orderBy(sql`id::bigint`, 'desc')
      .limit(1)
      .execute();
    const last = rows[0];
    return last
      ? { removed: Number(last.removed), last: { createdAt: last.created_at_text, id: last.id } }
      : { removed: 0, last: null };
  }

  /**
   * Rows per table of the current schema: the planner's estimate (pg_class.reltuples, kept by
   * ANALYZE and autovacuum, free to read on a table of millions), or an exact count for a table
   * never analysed (reltuples -1: a new database, and PGlite, which runs no autovacuum).
   */
  async statistics(): Promise<TableStatistics> {
    const { rows: estimates } = await sql<{ table: string; estimate: number }>`
      select c.relname as table, c.reltuples::float8 as estimate
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and c.relname not like 'kysely_%'
      order by c.relname`.execute(this.db);
    const rows: TableStatistics['rows'] = [];
    for (const { table, estimate } of estimates) {
      if (estimate >= 0) {
        rows.push({ table, rows: Math.round(estimate) });
        continue;
      }
      const { rows: counted } = await sql<{ count: string }>`
        select count(*) as count from ${sql.table(table)}`.execute(this.db);
      rows.push({ table, rows: Number(counted[0]?.count ?? 0) });
    }
    return { rows, oldestAuditRecordAt: await this.firstAuditRecordAt() };
  }

  /** When the oldest record kept was written (through migration 010's index, whatever the ids). */
  private async firstAuditRecordAt(): Promise<Date | null> {
    const first = await this.db
      .selectFrom('audit_logs')
      .select('created_at')
      .orderBy(AUDIT_AGE)
      .limit(1)
      .executeTakeFirst();
    return first ? new Date(first.created_at) : null;
  }
}
