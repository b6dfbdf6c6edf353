import { CLEAN_FAILURE_STATE, type FailureCounter, type FailureState } from '@accounts/domain';
import type { AuthFailureRepository, VersionedFailureState } from '@accounts/application';
import { sql } from 'kysely';
import { toNumber } from './column-values.js';
import { HOT_READS } from './hot-reads.js';
import type { DatabaseExecutor, UserRow } from './schema.js';

type FailureRow = Pick<
  UserRow,
  | 'auth_failures_version'
  | 'account_failures'
  | 'account_failures_since'
  | 'account_locked_until'
  | 'account_locks'
> & { failures: number | null; since: Date | null; locked_until: Date | null; locks: number | null };

/** The counts of a row of `accounts_auth_failures` or `accounts_user_with_auth_failures`. */
export function toVersionedFailureState(row: FailureRow): VersionedFailureState {
  const account: FailureCounter = {
    failures: row.account_failures,
    since: row.account_failures_since,
    lockedUntil: row.account_locked_until,
    locks: row.account_locks,
  };
  const client: FailureCounter =
    row.failures === null
      ? CLEAN_FAILURE_STATE.client
      : { failures: row.failures, since: row.since, lockedUntil: row.locked_until, locks: row.locks ?? 0 };
  return { version: toNumber(row.auth_failures_version), state: { client, account } };
}

/**
 * The account's counts live on its users row, each client's in auth_failures. Every change is
 * one statement whose first part updates the users row only while its auth_failures_version is
 * the one read; the client's row is written only when that part did. Parallel changes of one
 * account therefore wait for the row lock and then find the version moved on.
 */
export class KyselyAuthFailureRepository implements AuthFailureRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  async find(userId: string, client: string): Promise<VersionedFailureState | null> {
    const row = await HOT_READS.accounts_auth_failures.first(this.db, userId, client);
    return row ? toVersionedFailureState(row) : null;
  }

  async save(userId: string, client: string, version: number, next: FailureState): Promise<boolean> {
    const { account, client: counts } = next;
    const written = await this.db
      .with('account', (db) =>
        db
          .updateTable('users')
          .set({
            auth_failures_version: sql<number>`auth_failures_version + 1`,
            account_failures: account.failures,
            account_failures_since: account.since,
            account_locked_until: account.lockedUntil,
            account_locks: account.locks,
          })
          .where('id', '=', userId)
          .where('auth_failures_version', '=', version)
          .returning('id'),
      )
      .insertInto('auth_failures')
      .columns(['user_id', 'client', 'failures', 'since', 'locked_until', 'locks'])
      .expression((eb) =>
        eb
          .selectFrom('account')
          .select([
            'account.id',
            sql<string>`cast(${client} as text)`.as('client'),
            sql<number>`cast(${counts.failures} as integer)`.as('failures'),
            sql<Date | null>`cast(${counts.since} as timestamptz)`.as('since'),
            sql<Date | null>`cast(${counts.lockedUntil} as timestamptz)`.as('locked_until'),
            sql<number>`cast(${counts.locks} as integer)`.as('locks'),
          ]),
      )
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'client']).doUpdateSet((eb) => ({
          failures: eb.ref('excluded.failures'),
          since: eb.ref('excluded.since'),
          locked_until: eb.ref('excluded.locked_until'),
          locks: eb.ref('excluded.locks'),
        })),
      )
      .returning('user_id')
      .execute();
    return written.length > 0;
  }

  async reset(userId: string, client: string): Promise<number | null> {
    const row = await this.db
      .with('account', (db) =>
        db
          .updateTable('users')
          .set({
            auth_failures_version: sql<number>`auth_failures_version + 1`,
            account_failures: 0,
            account_failures_since: null,
            account_locked_until: null,
            account_locks: 0,
          })
          .where('id', '=', userId)
          .returning(['id', 'auth_failures_version']),
      )
      .with('forgotten', (db) =>
        db
          .deleteFrom('auth_failures')
          .where('user_id', 'in', (eb) => eb.selectFrom('account').select('account.id'))
          .where('client', '=', client),
      )
      .selectFrom('account')
      .select('account.auth_failures_version')
      .executeTakeFirst();
    return row ? toNumber(row.auth_failures_version) : null;
  }
}
