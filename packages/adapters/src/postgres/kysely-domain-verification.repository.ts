import type { DomainVerification } from '@accounts/domain';
import type { DomainVerificationRepository, UserDomainVerification } from '@accounts/application';
import { sql } from 'kysely';
import type { DatabaseExecutor, DomainVerificationRow } from './schema.js';

const COLUMNS = [
  'user_id',
  'domain',
  'token',
  'status',
  'connected_at',
  'checked_at',
  'verified_at',
] as const satisfies readonly (keyof DomainVerificationRow)[];

function toVerification(row: DomainVerificationRow): UserDomainVerification {
  return {
    userId: row.user_id,
    domain: row.domain,
    token: row.token,
    status: row.status,
    connectedAt: row.connected_at,
    checkedAt: row.checked_at,
    verifiedAt: row.verified_at,
  };
}

export class KyselyDomainVerificationRepository implements DomainVerificationRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  /** Inside a transaction the row stays locked until it ends (see the port). */
  async find(userId: string): Promise<DomainVerification | null> {
    const query = this.db.selectFrom('domain_verifications').select(COLUMNS).where('user_id', '=', userId);
    const row = await (this.db.isTransaction ? query.forUpdate() : query).executeTakeFirst();
    if (!row) return null;
    const { userId: _userId, ...verification } = toVerification(row);
    return verification;
  }

  async save(userId: string, verification: DomainVerification): Promise<void> {
    const values = {
      domain: verification.domain,
      token: verification.token,
      status: verification.status,
      connected_at: verification.connectedAt,
      checked_at: verification.checkedAt,
      verified_at: verification.verifiedAt,
    };
    await this.db
      .insertInto('domain_verifications')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  async delete(userId: string): Promise<void> {
    await this.db.deleteFrom('domain_verifications').where('user_id', '=', userId).execute();
  }

  async markVerified(userId: string, domain: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('domain_verifications')
      .set({ status: 'verified', checked_at: at, verified_at: at })
      .where('user_id', '=', userId)
      .where(sql<boolean>`lower(domain) = lower(${domain})`)
      .where('status', '<>', 'verified')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recordCheck(
    userId: string,
    domain: string,
    check: { status: 'pending' | 'failed'; checkedAt: Date },
  ): Promise<void> {
    await this.db
      .updateTable('domain_verifications')
      .set({ status: check.status, checked_at: check.checkedAt })
      .where('user_id', '=', userId)
      .where(sql<boolean>`lower(domain) = lower(${domain})`)
      .where('status', '<>', 'verified')
      .execute();
  }

  async findDue(query: {
    checkedBefore: Date;
    connectedAfter: Date;
    limit: number;
  }): Promise<UserDomainVerification[]> {
    const rows = await this.db
      .selectFrom('domain_verifications')
      .select(COLUMNS)
      .where('status', '=', 'pending')
      .where('connected_at', '>', query.connectedAfter)
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', query.checkedBefore)]))
      .orderBy(sql`checked_at asc nulls first`)
      .orderBy('user_id')
      .limit(query.limit)
      .execute();
    return rows.map(toVerification);
  }

  async expirePending(connectedBefore: Date): Promise<number> {
    const result = await this.db
      .updateTable('domain_verifications')
      .set({ status: 'failed' })
      .where('status', '=', 'pending')
      .where('connected_at', '<=', connectedBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
