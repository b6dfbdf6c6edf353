import { sql, type Kysely } from 'kysely';

/**
 * The outbox of docs/decisions.md ("Durable side effects"). `user_id` has no foreign key: entries
 * outlive their user (a deletion's cancellations and event). `seq` orders entries as written
 * (created_at is the transaction's start, shared by every entry of one change). Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .execute();
  // The worker's claim walks pending entries in order; its ordering check looks up a user's.
  await sql`create index outbox_pending_seq_idx on outbox (seq) where status = 'pending'`.execute(db);
  await sql`create index outbox_pending_user_idx on outbox (user_id, seq) where status = 'pending'`.execute(
    db,
  );
}
