import type {
  AccountRecord,
  AccountRecords,
  DeliveryRecord,
  SignInFailureRecord,
} from '@accounts/application';
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

  async signInFailuresOf(userId: string): Promise<SignInFailureRecord[]> {
    const [account, clients] = await Promise.all([
      this.db
        .selectFrom('users')
        .select(['account_failures', 'account_failures_since', 'account_locked_until', 'account_locks'])
        .where('id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('auth_failures')
        .select(['client', 'failures', 'locked_until'])
        .where('user_id', '=', userId)
        .orderBy('client')
        .execute(),
    ]);
    const holdsAny =
      account !== undefined &&
      (account.account_failures > 0 ||
        account.account_failures_since !== null ||
        account.account_locked_until !== null ||
        account.account_locks > 0);
    return [
      ...(holdsAny
        ? [{ client: null, failures: account.account_failures, lockedUntil: account.account_locked_until }]
        : []),
      ...clients.map((row) => ({
        client: row.client,
        failures: row.failures,
        lockedUntil: row.locked_until,
      })),
    ];
  }

  /** Through the outbox's index on user_id; in the order written. */
  async deliveriesOf(userId: string): Promise<DeliveryRecord[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['kind', 'user_id', 'payload', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute();
    return rows.map(
      (row) =>
        ({
          kind: row.kind,
          userId: row.user_id,
          // `pg` parses jsonb; a driver that hands back text gets it parsed here.
          payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
          status: row.status,
          createdAt: new Date(row.created_at),
        }) as DeliveryRecord, // payload holds what enqueue wrote for the kind
    );
  }
}
