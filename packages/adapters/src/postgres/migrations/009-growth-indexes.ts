import { sql, type Kysely } from 'kysely';

/** The index retention removes audit records by (oldest first), and the oldest record's age reads. */
export const AUDIT_LOG_CREATED_AT_INDEX = 'audit_logs_created_at_idx';
/** The index retention removes done outbox entries by. */
export const OUTBOX_DONE_AT_INDEX = 'outbox_done_at_idx';

/**
 * Indexes for a database that has grown (decisions.md, "Faults, deploys and retention"): without
 * them every retention batch and the oldest-record gauge would scan the whole table. Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ${sql.id(AUDIT_LOG_CREATED_AT_INDEX)} on audit_logs (created_at)`.execute(db);
  await sql`create index ${sql.id(OUTBOX_DONE_AT_INDEX)} on outbox (done_at) where status = 'done'`.execute(
    db,
  );
}
