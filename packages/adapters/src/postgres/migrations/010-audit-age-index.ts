import { sql, type Kysely } from 'kysely';

/** The index retention finds old audit records by. */
export const AUDIT_AGE_INDEX = 'audit_logs_age_idx';

/**
 * Audit records by the time they were written, whatever their id (records imported from another
 * system, or written by a transaction that began earlier, have a higher id than younger ones), so
 * that retention finds every old record without scanning the table. On an expression
 * (`created_at at time zone 'UTC'`, immutable) that only retention's query names: a plain index on
 * `created_at` could be taken for a user's security-event pages too, which must keep theirs.
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ${sql.id(AUDIT_AGE_INDEX)} on audit_logs ((created_at at time zone 'UTC'), id)`.execute(
    db,
  );
}
