import type { Ports } from '@accounts/application';
import type { Kysely } from 'kysely';
import { createTransactionalPorts, KyselyUnitOfWork } from './kysely-unit-of-work.js';
import type { Database } from './schema.js';

export type Persistence = Pick<
  Ports,
  'users' | 'entitlements' | 'auditLog' | 'backupCodes' | 'domainVerifications' | 'unitOfWork'
>;

/** Every persistence port over one database, for the composition root. */
export function createPersistence(db: Kysely<Database>): Persistence {
  return { ...createTransactionalPorts(db), unitOfWork: new KyselyUnitOfWork(db) };
}
