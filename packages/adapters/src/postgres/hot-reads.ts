import type { Compilable } from 'kysely';
import type { DatabaseExecutor } from './schema.js';
import { USER_COLUMNS } from './user.mapper.js';

/**
 * The reads nearly every request makes, keyed by the name each is prepared under on PostgreSQL
 * (planned once per connection; DATABASE_PREPARED_STATEMENTS=false runs them unnamed). Each names
 * its columns: a prepared `select *` fails with "cached plan must not change result type" once a
 * migration of a rolling deploy adds a column.
 */
export const HOT_READS = {
  /** Every password check starts with it. */
  accounts_user_by_id: (db: DatabaseExecutor, id: string) =>
    db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id),

  /** The account gate of every authenticated request but GET custom-domain. */
  accounts_user_flags: (db: DatabaseExecutor, id: string) =>
    db.selectFrom('users').select(['disabled', 'banned']).where('id', '=', id),

  /** Every authenticated GET custom-domain: the entitlement and the account gate in one. */
  accounts_entitlement_with_flags: (db: DatabaseExecutor, userId: string, service: string) =>
    db
      .selectFrom('users as u')
      .leftJoin('service_access as sa', (join) =>
        join.onRef('sa.user_id', '=', 'u.id').on('sa.service', '=', service),
      )
      .select([
        'u.disabled',
        'u.banned',
        'sa.user_id',
        'sa.service',
        'sa.tier',
        'sa.billing_subscription_id',
        'sa.billing_customer_id',
        'sa.metadata',
      ])
      .where('u.id', '=', userId),

  /** A password check's failure counts, when this process did not write them last. */
  accounts_auth_failures: (db: DatabaseExecutor, userId: string, client: string) =>
    db
      .selectFrom('users as u')
      .leftJoin('auth_failures as f', (join) =>
        join.onRef('f.user_id', '=', 'u.id').on('f.client', '=', client),
      )
      .select([
        'u.auth_failures_version',
        'u.account_failures',
        'u.account_failures_since',
        'u.account_locked_until',
        'u.account_locks',
        'f.failures',
        'f.since',
        'f.locked_until',
        'f.locks',
      ])
      .where('u.id', '=', userId),
} as const;

type HotRead = (db: DatabaseExecutor, ...args: string[]) => Compilable;

/** Each hot read's SQL text as `db` compiles it (the same for any arguments), to its statement name. */
export function hotReadNames(db: DatabaseExecutor): Map<string, string> {
  const reads: Record<string, HotRead> = HOT_READS;
  return new Map(Object.entries(reads).map(([name, build]) => [build(db, '', '').compile().sql, name]));
}
