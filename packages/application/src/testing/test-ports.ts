import type { Ports } from '../ports.js';
import { InMemoryDatabase } from './in-memory-database.js';
import {
  FakeBillingGateway,
  FakePasswordHasher,
  FakeQrCodeRenderer,
  FakeSecretCipher,
  FakeTotp,
  FixedClock,
  RecordingLogger,
  SequenceRandom,
} from './fakes.js';
import {
  InMemoryAuditLog,
  InMemoryBackupCodeRepository,
  InMemoryEntitlementRepository,
  InMemoryUnitOfWork,
  InMemoryUserRepository,
} from './in-memory-repositories.js';

export type TestPorts = Ports & {
  db: InMemoryDatabase;
  clock: FixedClock;
  hasher: FakePasswordHasher;
  totp: FakeTotp;
  billing: FakeBillingGateway;
  logger: RecordingLogger;
};

/** Every port as an in-memory fake over one shared InMemoryDatabase. */
export function createTestPorts(): TestPorts {
  const db = new InMemoryDatabase();
  const repositories = {
    users: new InMemoryUserRepository(db),
    entitlements: new InMemoryEntitlementRepository(db),
    auditLog: new InMemoryAuditLog(db),
    backupCodes: new InMemoryBackupCodeRepository(db),
  };
  return {
    db,
    ...repositories,
    unitOfWork: new InMemoryUnitOfWork(db, repositories),
    hasher: new FakePasswordHasher(),
    totp: new FakeTotp(),
    qrCodes: new FakeQrCodeRenderer(),
    secrets: new FakeSecretCipher(),
    billing: new FakeBillingGateway(),
    random: new SequenceRandom(),
    clock: new FixedClock(),
    logger: new RecordingLogger(),
  };
}
