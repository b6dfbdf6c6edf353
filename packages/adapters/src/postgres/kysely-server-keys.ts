import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The key of the security-event cursors (HmacCursorSealer). */
export const CURSOR_KEY_NAME = 'security-event-cursors';

/**
 * The named key every instance shares: made at random the first time it is asked for, then read.
 * Of two instances that start together, the first insert wins and both read the same key.
 */
export async function loadServerKey(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({ name, key: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('key')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.key, 'base64');
}
