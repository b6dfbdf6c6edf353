import { sql, type Kysely } from 'kysely';

/** The index retention removes done outbox entries by. */
export const OUTBOX_DONE_AT_INDEX = 'outbox_done_at_idx';

/**
 * The index retention removes done outbox entries by: without it every batch would scan the whole
 * table. Audit records go by their primary key (kysely-retention.repository.ts). Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ${sql.id(OUTBOX_DONE_AT_INDEX)} on outbox (done_at) where status = 'done'`.execute(
    db,
  );
}
