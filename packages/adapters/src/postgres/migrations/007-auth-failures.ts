import { sql, type Kysely } from 'kysely';

/**
 * Failure limits per account and client, with the account-wide count, escalating locks and
 * reservations (docs/decisions.md, "Races and abuse"). Every change is one statement that updates the
 * user's row only while `auth_failures_version` is what the change was decided on, so parallel
 * requests are ordered by that row's lock. Forward-only.
 *
 * users.failed_auth_count and failed_auth_window_started_at (002) are no longer read or written;
 * they stay so that instances of the previous release keep working during a rolling deploy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('auth_failures_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('account_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_failures_since', 'timestamptz')
    .addColumn('account_locked_until', 'timestamptz')
    .addColumn('account_locks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The primary key serves the lookups by user and client, and the cascade from users.
  await db.schema
    .createTable('auth_failures')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('since', 'timestamptz')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('locks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('auth_failures_pkey', ['user_id', 'client'])
    .execute();
}
