import { sql, type Kysely } from 'kysely';

/**
 * The session lists are paged in the order the sessions had at the first page's time
 * (decisions.md, "Sessions and sign-out everywhere", Bounded lists). A session's `last_seen_at`
 * moves when it is used; `previous_seen_at` keeps the value before the latest move, so that a page
 * read later still places a session used meanwhile where it stood. Null until the first move, and
 * for the rows that exist now (a session not moved since is placed by `last_seen_at`).
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column previous_seen_at timestamptz`.execute(db);
}
