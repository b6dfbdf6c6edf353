import { KyselySsfStreamRepository } from './kysely-ssf-stream.repository.js';
import type { Result } from '@accounts/domain';
import type { TransactionalPorts, UnitOfWork } from '@accounts/application';
import { sql } from 'kysely';
import { KyselyAuditLog } from './kysely-audit-log.repository.js';
import { KyselyBackupCodeRepository } from './kysely-backup-code.repository.js';
import { KyselyDomainVerificationRepository } from './kysely-domain-verification.repository.js';
import { KyselyEntitlementRepository } from './kysely-entitlement.repository.js';
import { KyselyOutboxRepository } from './kysely-outbox.repository.js';
import { KyselyPasskeyChallengeRepository, KyselyPasskeyRepository } from './kysely-passkey.repository.js';
import { KyselySessionRepository } from './kysely-session.repository.js';
import { KyselyUserRepository } from './kysely-user.repository.js';
import type { DatabaseExecutor } from './schema.js';

/** Thrown inside the transaction to roll it back, carrying the work's error result out. */
class Rollback extends Error {
  constructor(readonly result: Result<never, unknown>) {
    super('unit of work rolled back');
  }
}

/** The repositories over one executor: the database, or the unit of work's transaction. */
export function createTransactionalPorts(db: DatabaseExecutor): TransactionalPorts {
  return {
    users: new KyselyUserRepository(db),
    entitlements: new KyselyEntitlementRepository(db),
    auditLog: new KyselyAuditLog(db),
    backupCodes: new KyselyBackupCodeRepository(db),
    domainVerifications: new KyselyDomainVerificationRepository(db),
    passkeys: new KyselyPasskeyRepository(db),
    passkeyChallenges: new KyselyPasskeyChallengeRepository(db),
    sessions: new KyselySessionRepository(db),
    outbox: new KyselyOutboxRepository(db),
    ssfStreams: new KyselySsfStreamRepository(db),
  };
}

let savepoints = 0;

export class KyselyUnitOfWork implements UnitOfWork {
  readonly joinsOuterTransaction: boolean;

  constructor(private readonly db: DatabaseExecutor) {
    this.joinsOuterTransaction = db.isTransaction;
  }

  /** One transaction: committed when `work` returns ok, rolled back when it returns an error or throws. */
  async run<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>): Promise<Result<T, E>> {
    if (this.db.isTransaction) return this.runNested(work);
    try {
      const committed = await this.db.transaction().execute(async (trx) => {
        const result = await work(createTransactionalPorts(trx));
        if (!result.ok) throw new Rollback(result);
        return result;
      });
      return committed;
    } catch (error) {
      if (error instanceof Rollback) return error.result as Result<T, E>;
      throw error;
    }
  }

  /** Over a transaction already open: the same promise, kept with a savepoint. */
  private async runNested<T, E>(
    work: (tx: TransactionalPorts) => Promise<Result<T, E>>,
  ): Promise<Result<T, E>> {
    const name = sql.id(`unit_of_work_${++savepoints}`);
    await sql`savepoint ${name}`.execute(this.db);
    let result: Result<T, E>;
    try {
      result = await work(createTransactionalPorts(this.db));
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(this.db);
      throw error;
    }
    await sql`${sql.raw(result.ok ? 'release savepoint' : 'rollback to savepoint')} ${name}`.execute(this.db);
    return result;
  }
}
