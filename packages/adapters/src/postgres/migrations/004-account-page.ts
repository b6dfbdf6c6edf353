import { sql, type Kysely } from 'kysely';

/** The index that answers every page of an account's security events (keyset, newest first). */
export const AUDIT_LOG_PAGE_INDEX = 'audit_logs_user_id_created_at_id_idx';

/**
 * Custom-domain verification state, server keys (the security-event cursor key), and the index
 * behind security-event pages (docs/decisions.md, "Custom-domain verification" and "Account reads
 * for an account page").
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per user with a connected domain; the worker scans the pending ones.
  await db.schema
    .createTable('domain_verifications')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'verified', 'failed')`))
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull())
    .addColumn('checked_at', 'timestamptz')
    .addColumn('verified_at', 'timestamptz')
    .execute();
  await sql`
    create index domain_verifications_pending_idx on domain_verifications (connected_at)
    where status = 'pending'
  `.execute(db);

  // Keys every instance shares and that survive restarts; created once, at first use.
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Serves the keyset pages and, by its first column, the cascade from users: the old
  // single-column index is redundant.
  await sql`
    create index ${sql.id(AUDIT_LOG_PAGE_INDEX)} on audit_logs (user_id, created_at desc, id desc)
  `.execute(db);
  await db.schema.dropIndex('audit_logs_user_id_idx').execute();
}
