export * from './database.js';
export { DatabaseLockedError } from './data-dir-lock.js';
export { DatabaseUnreachableError, type OutageListener } from './server-reachability.js';
export * from './schema.js';
export { migrateToLatest, createMigrator } from './migrate.js';
export {
  migrations,
  CUSTOM_DOMAIN_INDEX,
  AUDIT_LOG_PAGE_INDEX,
  EMAIL_LOWER_INDEX,
} from './migrations/index.js';
export { KyselyUserRepository } from './kysely-user.repository.js';
export { KyselyAuthFailureRepository } from './kysely-auth-failure.repository.js';
export { KyselyEntitlementRepository } from './kysely-entitlement.repository.js';
export { KyselyAuditLog, securityEventPageQuery } from './kysely-audit-log.repository.js';
export { KyselyBackupCodeRepository, backupCodeHash } from './kysely-backup-code.repository.js';
export { KyselyDomainVerificationRepository } from './kysely-domain-verification.repository.js';
export { loadServerKey, CURSOR_KEY_NAME } from './kysely-server-keys.js';
export { KyselyOutboxRepository, type OutboxFilter } from './kysely-outbox.repository.js';
export { KyselyPasskeyRepository, KyselyPasskeyChallengeRepository } from './kysely-passkey.repository.js';
export { KyselySessionRepository } from './kysely-session.repository.js';
export { KyselyReplayRecord } from './kysely-replay-record.js';
export { KyselySsfStreamRepository } from './kysely-ssf-stream.repository.js';
export { KyselySsfPollStore } from './kysely-ssf-poll-store.js';
export { KyselyUnitOfWork, createTransactionalPorts } from './kysely-unit-of-work.js';
export {
  KyselyRetentionRepository,
  auditRecordBatch,
  doneOutboxBatch,
  sessionBatch,
} from './kysely-retention.repository.js';
export { createPersistence, type Persistence } from './persistence.js';
export {
  createAccount,
  insertUser,
  insertEntitlement,
  type NewAccount,
  type EmailTaken,
  type NewUser,
  type NewEntitlement,
} from './seed.js';
export { DEMO_USER, seedDemoUser } from './demo-user.js';
