import { CLEAN_FAILURE_STATE, type FailureCounter, type FailureState } from '@accounts/domain';
import type { AuthFailureRepository, VersionedFailureState } from '@accounts/application';
import { sql } from 'kysely';
import { toNumber } from './column-values.js';
import { ReusableQuery } from './reusable-query.js';
import type { DatabaseExecutor } from './schema.js';

/**
 * The account's counts live on its users row, each client's in auth_failures. Every change is
 * one statement whose first part updates the users row only while its auth_failures_version is
 * the one read; the client's row is written only when that part did. Parallel changes of one
 * account therefore wait for the row lock and then find the version moved on.
 */
export class KyselyAuthFailureRepository implements AuthFailureRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  // Every password check runs a reservation and a reset (and a find when this process did not
  // write the counts last): built and compiled once each (see ReusableQuery).
  private readonly findQuery = new ReusableQuery((userId: string, client: string) =>
    this.db
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
  );

  private readonly saveQuery = new ReusableQuery(
    (
      userId: string,
      client: string,
      version: number,
      accountFailures: number,
      accountSince: Date | null,
      accountLockedUntil: Date | null,
      accountLocks: number,
      failures: number,
      since: Date | null,
      lockedUntil: Date | null,
      locks: number,
    ) =>
      this.db
        .with('account', (db) =>
          db
            .updateTable('users')
            .set({
              auth_failures_version: sql<number>`auth_failures_version + 1`,
              account_failures: accountFailures,
              account_failures_since: accountSince,
              account_locked_until: accountLockedUntil,
              account_locks: accountLocks,
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
              sql<number>`cast(${failures} as integer)`.as('failures'),
              sql<Date | null>`cast(${since} as timestamptz)`.as('since'),
              sql<Date | null>`cast(${lockedUntil} as timestamptz)`.as('locked_until'),
              sql<number>`cast(${locks} as integer)`.as('locks'),
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
        .returning('user_id'),
  );

  private readonly resetQuery = new ReusableQuery((userId: string, client: string) =>
    this.db
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
      .select('account.auth_failures_version'),
  );

  async find(userId: string, client: string): Promise<VersionedFailureState | null> {
    const [row] = await this.findQuery.rows(this.db, userId, client);
    if (!row) return null;
    const account: FailureCounter = {
      failures: row.account_failures,
      since: row.account_failures_since,
      lockedUntil: row.account_locked_until,
      locks: row.account_locks,
    };
    const clientCounter: FailureCounter =
      row.failures === null
        ? CLEAN_FAILURE_STATE.client
        : { failures: row.failures, since: row.since, lockedUntil: row.locked_until, locks: row.locks ?? 0 };
    return { version: toNumber(row.auth_failures_version), state: { client: clientCounter, account } };
  }

  async save(userId: string, client: string, version: number, next: FailureState): Promise<boolean> {
    const { account, client: counts } = next;
    const written = await this.saveQuery.rows(
      this.db,
      userId,
      client,
      version,
      account.failures,
      account.since,
      account.lockedUntil,
      account.locks,
      counts.failures,
      counts.since,
      counts.lockedUntil,
      counts.locks,
    );
    return written.length > 0;
  }

  async reset(userId: string, client: string): Promise<number | null> {
    const [row] = await this.resetQuery.rows(this.db, userId, client);
    return row ? toNumber(row.auth_failures_version) : null;
  }
}
