import type { ReplayRecord } from '@accounts/application';
import { sql } from 'kysely';
import type { DatabaseExecutor } from './schema.js';

/**
 * The ReplayRecord in PostgreSQL (without `REDIS_URL`), one statement per use: an id not recorded,
 * or recorded and expired, is (re)written and returned; one recorded and live is left as it is and
 * returns nothing. Two instances racing on one id meet on the primary key: one row comes back.
 * Times are the database's, so that every instance measures with one clock.
 */
export class KyselyReplayRecord implements ReplayRecord {
  constructor(private readonly db: DatabaseExecutor) {}

  async firstUse(scope: string, id: string, ttlSeconds: number): Promise<boolean> {
    const expiresAt = sql<Date>`now() + make_interval(secs => ${ttlSeconds})`;
    const recorded = await this.db
      .insertInto('used_token_ids')
      .values({ scope, id, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict
          .columns(['scope', 'id'])
          .doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') })
          .where('used_token_ids.expires_at', '<=', sql<Date>`now()`),
      )
      .returning('id')
      .executeTakeFirst();
    return recorded !== undefined;
  }
}
