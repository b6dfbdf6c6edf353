import type { Ports } from '@accounts/application';
import type { Kysely } from 'kysely';
import { KyselyAccountRecords } from './kysely-account-records.js';
import { KyselyAuthFailureRepository } from './kysely-auth-failure.repository.js';
import { KyselyOutboxRepository } from './kysely-outbox.repository.js';
import { createTransactionalPorts, KyselyUnitOfWork } from './kysely-unit-of-work.js';
import type { Database } from './schema.js';

export type Persistence = Pick<
  Ports,
  | 'users'
  | 'authFailures'
  | 'entitlements'
  | 'auditLog'
  | 'backupCodes'
  | 'domainVerifications'
  | 'passkeys'
  | 'sessions'
  | 'passkeyChallenges'
  | 'ssfStreams'
  | 'outbox'
  | 'outboxStore'
  | 'unitOfWork'
  | 'accounts'
>;

/** Every persistence port over one database, for the composition root. */
export function createPersistence(db: Kysely<Database>): Persistence {
  return {
    ...createTransactionalPorts(db),
    authFailures: new KyselyAuthFailureRepository(db),
    outboxStore: new KyselyOutboxRepository(db),
    unitOfWork: new KyselyUnitOfWork(db),
    accounts: new KyselyAccountRecords(db),
  };
}
