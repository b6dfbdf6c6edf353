import type { AccountFlags, FlagChange } from '@accounts/domain';
import type {
  StoredTwoFactorSecret,
  UserAccount,
  UserRepository,
  UserWithFailureState,
} from '@accounts/application';
import { sql } from 'kysely';
import { HOT_READS } from './hot-reads.js';
import { toVersionedFailureState } from './kysely-auth-failure.repository.js';
import type { DatabaseExecutor, UserUpdate } from './schema.js';
import { toAccountFlags, toUserAccount } from './user.mapper.js';

const bumped = { updated_at: sql<Date>`now()` };

export class KyselyUserRepository implements UserRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  async findById(id: string): Promise<UserAccount | null> {
    const row = await HOT_READS.accounts_user_by_id.first(this.db, id);
    return row ? toUserAccount(row) : null;
  }

  /** One statement: the users row left-joined with the client's auth_failures row. */
  async findWithFailureCounts(id: string, client: string): Promise<UserWithFailureState | null> {
    const row = await HOT_READS.accounts_user_with_auth_failures.first(this.db, id, client);
    return row ? { user: toUserAccount(row), failures: toVersionedFailureState(row) } : null;
  }

  async findFlags(id: string): Promise<AccountFlags | null> {
    const row = await HOT_READS.accounts_user_flags.first(this.db, id);
    return row ? toAccountFlags(row) : null;
  }

  /**
   * FOR NO KEY UPDATE: the lock an UPDATE of the row takes, so it queues with changeFlags and
   * with every other writer of the account, while the foreign-key checks of inserts into the
   * account's other tables (FOR KEY SHARE) do not wait for it. Outside a transaction it only
   * reads whether the user exists.
   */
  async lock(id: string): Promise<boolean> {
    const query = this.db.selectFrom('users').select('id').where('id', '=', id);
    const row = await (this.db.isTransaction ? query.forNoKeyUpdate() : query).executeTakeFirst();
    return row !== undefined;
  }

  async setTwoFactor(id: string, state: { enabled: boolean; secret: string | null }): Promise<void> {
    await this.update(id, { two_factor_enabled: state.enabled, two_factor_secret: state.secret });
  }

  async enableTwoFactor(id: string, secret: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_enabled: true, two_factor_secret: secret, ...bumped })
      .where('id', '=', id)
      .where('two_factor_enabled', '=', false)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async replaceTwoFactorSecret(id: string, current: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_secret: next, ...bumped })
      .where('id', '=', id)
      .where('two_factor_secret', '=', current)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async findTwoFactorSecrets(page: {
    after: string | null;
    limit: number;
  }): Promise<StoredTwoFactorSecret[]> {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'two_factor_secret'])
      .where('two_factor_secret', 'is not', null)
      .orderBy('id')
      .limit(page.limit);
    if (page.after !== null) query = query.where('id', '>', page.after);
    const rows = await query.execute();
    return rows.map((row) => ({ userId: row.id, stored: row.two_factor_secret ?? '' }));
  }

  /** One conditional UPDATE: it takes the row lock, so a parallel one waits and re-checks `from`. */
  async changeFlags(id: string, change: FlagChange): Promise<boolean> {
    const { from, to } = change;
    let query = this.db
      .updateTable('users')
      .set({ ...to, ...bumped })
      .where('id', '=', id);
    if (from.disabled !== undefined) query = query.where('disabled', '=', from.disabled);
    if (from.banned !== undefined) query = query.where('banned', '=', from.banned);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
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
