import type { AccountRecord, AccountRecords } from '@accounts/application';
import type { Entitlement } from '@accounts/domain';
import { sql } from 'kysely';
import { ENTITLEMENT_COLUMNS, toEntitlement } from './entitlement.mapper.js';
import type { DatabaseExecutor } from './schema.js';

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'display_name',
  'two_factor_enabled',
  'disabled',
  'banned',
  'created_at',
] as const;

type AccountRow = {
  id: string;
  email: string;
  display_name: string;
  two_factor_enabled: boolean;
  disabled: boolean;
  banned: boolean;
  created_at: Date;
};

function toAccountRecord(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    twoFactorEnabled: row.two_factor_enabled,
    disabled: row.disabled,
    banned: row.banned,
    createdAt: row.created_at,
  };
}

/** The account reads of the operator API and the export: never a hash or secret column. */
export class KyselyAccountRecords implements AccountRecords {
  constructor(private readonly db: DatabaseExecutor) {}

  async findById(id: string): Promise<AccountRecord | null> {
    const row = await this.db
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toAccountRecord(row) : null;
  }

  /** Through the unique index on lower(email). */
  async findByEmail(email: string): Promise<AccountRecord | null> {
    const row = await this.db
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .where(sql<boolean>`lower(email) = lower(${email})`)
      .executeTakeFirst();
    return row ? toAccountRecord(row) : null;
  }

  async entitlementsOf(userId: string): Promise<Entitlement[]> {
    const rows = await this.db
      .selectFrom('service_access')
      .select(ENTITLEMENT_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('service')
      .execute();
    return rows.map(toEntitlement);
  }
}
