import { createHash } from 'node:crypto';
import type { BackupCodeRepository } from '@accounts/application';
import type { Transaction } from 'kysely';
import { countOfUser } from './column-values.js';
import type { Database, DatabaseExecutor } from './schema.js';

/** Only this digest is stored: SHA-256 of `<user id>:<canonical code>`, hex. */
export function backupCodeHash(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

export class KyselyBackupCodeRepository implements BackupCodeRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  async replace(userId: string, codes: readonly string[]): Promise<void> {
    await this.atomically(async (trx) => {
      await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
      if (codes.length === 0) return;
      await trx
        .insertInto('backup_codes')
        .values(codes.map((code) => ({ user_id: userId, code_hash: backupCodeHash(userId, code) })))
        .onConflict((oc) => oc.columns(['user_id', 'code_hash']).doNothing())
        .execute();
    });
  }

  /** One DELETE ... RETURNING: of two parallel uses of a code, exactly one gets it. */
  async consume(userId: string, code: string): Promise<boolean> {
    const used = await this.db
      .deleteFrom('backup_codes')
      .where('user_id', '=', userId)
      .where('code_hash', '=', backupCodeHash(userId, code))
      .returning('id')
      .execute();
    return used.length > 0;
  }

  async deleteAll(userId: string): Promise<void> {
    await this.db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
  }

  count(userId: string): Promise<number> {
    return countOfUser(this.db, 'backup_codes', userId);
  }

  private async atomically(work: (trx: DatabaseExecutor) => Promise<void>): Promise<void> {
    if (this.db.isTransaction) return work(this.db);
    await this.db.transaction().execute((trx: Transaction<Database>) => work(trx));
  }
}
