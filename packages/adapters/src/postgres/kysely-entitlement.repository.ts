import {
  DROP_SERVICE,
  err,
  isSameDomain,
  metadataObject,
  ok,
  type DomainClaim,
  type Entitlement,
  type ErrorOf,
  type Metadata,
  type Result,
} from '@accounts/domain';
import type { AccountEntitlement, AccountMetadata, EntitlementRepository } from '@accounts/application';
import { sql } from 'kysely';
import { jsonb } from './column-values.js';
import { ENTITLEMENT_COLUMNS, toEntitlement } from './entitlement.mapper.js';
import { HOT_READS } from './hot-reads.js';
import { CUSTOM_DOMAIN_INDEX } from './migrations/index.js';
import { isUniqueViolation } from './postgres-errors.js';
import type { DatabaseExecutor, ServiceAccessRow } from './schema.js';

const SAVEPOINT = sql.id('set_metadata_keys');
/** The stored metadata as a JSON object: anything else (a string, an array…) counts as `{}`. */
const storedMetadataObject = sql<Metadata>`(case when jsonb_typeof(metadata) = 'object' then metadata else '{}'::jsonb end)`;

type EntitlementWithFlagsRow = Pick<
  ServiceAccessRow,
  'billing_subscription_id' | 'billing_customer_id' | 'metadata'
> & {
  disabled: boolean;
  banned: boolean;
  user_id: string | null;
  service: string | null;
  tier: string | null;
};

function accountEntitlementOf(row: EntitlementWithFlagsRow): AccountEntitlement {
  const { disabled, banned, user_id, service, tier, billing_subscription_id, billing_customer_id, metadata } =
    row;
  const entitlement =
    user_id !== null && service !== null && tier !== null
      ? toEntitlement({ user_id, service, tier, billing_subscription_id, billing_customer_id, metadata })
      : null;
  return { flags: { disabled, banned }, entitlement };
}

const NO_ACCOUNT: AccountMetadata = { flags: null, metadata: null };

function accountMetadataOf(row: { disabled: boolean; banned: boolean; metadata: unknown }): AccountMetadata {
  const metadata = row.metadata === null ? null : metadataObject(row.metadata);
  return { flags: { disabled: row.disabled, banned: row.banned }, metadata };
}

export class KyselyEntitlementRepository implements EntitlementRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  async findByService(userId: string, service: string): Promise<Entitlement | null> {
    const row = await this.db
      .selectFrom('service_access')
      .select(ENTITLEMENT_COLUMNS)
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .executeTakeFirst();
    return row ? toEntitlement(row) : null;
  }

  async findWithAccountFlags(userId: string, service: string): Promise<AccountEntitlement> {
    const row = await HOT_READS.accounts_entitlement_with_flags.first(this.db, userId, service);
    return row ? accountEntitlementOf(row) : { flags: null, entitlement: null };
  }

  async findMetadataWithAccountFlags(userId: string, service: string): Promise<AccountMetadata> {
    const row = await HOT_READS.accounts_metadata_with_flags.first(this.db, userId, service);
    return row ? accountMetadataOf(row) : NO_ACCOUNT;
  }

  async findSubscribed(userId: string): Promise<Entitlement[]> {
    const rows = await this.db
      .selectFrom('service_access')
      .select(ENTITLEMENT_COLUMNS)
      .where('user_id', '=', userId)
      .where('billing_subscription_id', 'is not', null)
      .where('billing_subscription_id', '<>', '')
      .orderBy('id')
      .execute();
    return rows.map(toEntitlement);
  }

  /**
   * One UPDATE with `||`, so keys changed by anyone else meanwhile are kept. The unique index on
   * the DROP custom domain decides between concurrent claims; its violation is the DomainInUse
   * outcome. Inside a transaction the update runs under a savepoint, so that the refused
   * statement leaves the transaction usable, as "changes nothing" promises.
   */
  async setMetadataKeys(
    userId: string,
    service: string,
    keys: Metadata,
  ): Promise<Result<void, ErrorOf<'DomainInUse'>>> {
    const update = this.db
      .updateTable('service_access')
      .set({ metadata: sql<Metadata>`${storedMetadataObject} || ${jsonb(keys)}` })
      .where('user_id', '=', userId)
      .where('service', '=', service);
    const inTransaction = this.db.isTransaction;
    if (inTransaction) await sql`savepoint ${SAVEPOINT}`.execute(this.db);
    try {
      await update.execute();
    } catch (error) {
      if (!isUniqueViolation(error, CUSTOM_DOMAIN_INDEX)) throw error;
      if (inTransaction) await sql`rollback to savepoint ${SAVEPOINT}`.execute(this.db);
      return err({ type: 'DomainInUse' });
    }
    if (inTransaction) await sql`release savepoint ${SAVEPOINT}`.execute(this.db);
    return ok();
  }

  /** Through the unique index on the DROP custom domain (its expression and predicate). */
  async findDomainClaim(domain: string): Promise<DomainClaim | null> {
    const row = await this.db
      .selectFrom('service_access as sa')
      .leftJoin('domain_verifications as dv', 'dv.user_id', 'sa.user_id')
      .select([
        'sa.user_id',
        sql<string>`sa.metadata ->> 'customDomain'`.as('claimed'),
        'dv.domain',
        'dv.status',
      ])
      .where('sa.service', '=', DROP_SERVICE)
      .where(sql<boolean>`jsonb_typeof(sa.metadata -> 'customDomain') = 'string'`)
      .where(sql<boolean>`lower(sa.metadata ->> 'customDomain') = lower(${domain})`)
      .executeTakeFirst();
    if (!row) return null;
    const status =
      row.domain !== null && row.status !== null && isSameDomain(row.domain, domain) ? row.status : null;
    return { userId: row.user_id, domain: row.claimed, status };
  }

  /** One UPDATE with `-`; no metadata at all stays none. */
  async removeMetadataKeys(userId: string, service: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const removed = sql.join(
      keys.map((key) => sql`cast(${key} as text)`),
      sql` - `,
    );
    await this.db
      .updateTable('service_access')
      .set({
        metadata: sql<Metadata | null>`case when metadata is null then null else ${storedMetadataObject} - ${removed} end`,
      })
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .execute();
  }
}
