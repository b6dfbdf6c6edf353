import type { AccountFlags, FailureCount } from '@accounts/domain';
import type { UserAccount, UserRepository } from '@accounts/application';
import { sql } from 'kysely';
import { toNumber } from './column-values.js';
import { ReusableQuery } from './reusable-query.js';
import type { DatabaseExecutor, UserUpdate } from './schema.js';
import { toAccountFlags, toUserAccount, USER_COLUMNS } from './user.mapper.js';

const bumped = { updated_at: sql<Date>`now()` };

export class KyselyUserRepository implements UserRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  async findById(id: string): Promise<UserAccount | null> {
    const row = await this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toUserAccount(row) : null;
  }

  /** The account gate of every authenticated request but GET custom-domain: compiled once. */
  private readonly flags = new ReusableQuery((id: string) =>
    this.db.selectFrom('users').select(['disabled', 'banned']).where('id', '=', id),
  );

  async findFlags(id: string): Promise<AccountFlags | null> {
    const [row] = await this.flags.rows(this.db, id);
    return row ? toAccountFlags(row) : null;
  }

  async setTwoFactor(id: string, state: { enabled: boolean; secret: string | null }): Promise<void> {
    await this.update(id, { two_factor_enabled: state.enabled, two_factor_secret: state.secret });
  }

  async setFlags(id: string, flags: Partial<AccountFlags>): Promise<void> {
    const changes: UserUpdate = {};
    if (flags.disabled !== undefined) changes.disabled = flags.disabled;
    if (flags.banned !== undefined) changes.banned = flags.banned;
    if (Object.keys(changes).length === 0) return;
    await this.update(id, changes);
  }

  async consumeTotpStep(id: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_last_step: step, ...bumped })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** One atomic UPDATE: a window that has passed at `now` (the caller's clock) starts over. */
  async recordAuthFailure(id: string, now: Date, windowMs: number): Promise<FailureCount> {
    const windowOpen = sql<boolean>`(failed_auth_window_started_at is not null and cast(${now} as timestamptz) < failed_auth_window_started_at + cast(${windowMs} as double precision) * interval '1 millisecond')`;
    const row = await this.db
      .updateTable('users')
      .set({
        failed_auth_count: sql<number>`case when ${windowOpen} then failed_auth_count + 1 else 1 end`,
        failed_auth_window_started_at: sql<Date>`case when ${windowOpen} then failed_auth_window_started_at else cast(${now} as timestamptz) end`,
        ...bumped,
      })
      .where('id', '=', id)
      .returning(['failed_auth_count', 'failed_auth_window_started_at'])
      .executeTakeFirst();
    if (!row) return { count: 0, windowStartedAt: null };
    return { count: toNumber(row.failed_auth_count), windowStartedAt: row.failed_auth_window_started_at };
  }

  async clearAuthFailures(id: string): Promise<void> {
    await this.update(id, { failed_auth_count: 0, failed_auth_window_started_at: null });
  }

  /** Sessions, entitlements, audit records and backup codes go with it (on delete cascade). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  private async update(id: string, changes: UserUpdate): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, ...bumped })
      .where('id', '=', id)
      .execute();
  }
}
