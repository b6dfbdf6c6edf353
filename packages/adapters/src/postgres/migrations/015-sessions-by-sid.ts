import { sql, type Kysely } from 'kysely';

/**
 * The provider's sign-out by `sid` revokes every live session that carries it, whatever its
 * account: found through this index rather than a scan of every session. Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index sessions_sid_idx on sessions (sid) where sid is not null`.execute(db);
}
