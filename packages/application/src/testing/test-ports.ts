import type { Ports } from '../ports.js';
import { InMemoryDatabase } from './in-memory-database.js';
import {
  FakeBillingGateway,
  FakeCursorSealer,
  FakeDnsResolver,
  FakePasswordHasher,
  FakeQrCodeRenderer,
  FakeSecretCipher,
  FakeTotp,
  FakeWebhookSender,
  FixedClock,
  RecordingLogger,
  SequenceRandom,
} from './fakes.js';
import {
  InMemoryAuditLog,
  InMemoryAuthFailureRepository,
  InMemoryBackupCodeRepository,
  InMemoryDomainVerificationRepository,
  InMemoryEntitlementRepository,
  InMemoryUnitOfWork,
  InMemoryUserRepository,
} from './in-memory-repositories.js';
import { InMemoryOutbox } from './in-memory-outbox.js';
import {
  FakePasskeyVerifier,
  InMemoryPasskeyChallengeRepository,
  InMemoryPasskeyRepository,
} from './in-memory-passkeys.js';
import { InMemoryAccountRecords } from './in-memory-account-records.js';
import { InMemorySessionRepository } from './in-memory-sessions.js';
import { InMemorySsfStreamRepository } from './in-memory-ssf-streams.js';

export type TestPorts = Ports & {
  db: InMemoryDatabase;
  clock: FixedClock;
  hasher: FakePasswordHasher;
  totp: FakeTotp;
  billing: FakeBillingGateway;
  dns: FakeDnsResolver;
  webhooks: FakeWebhookSender;
  outbox: InMemoryOutbox;
  outboxStore: InMemoryOutbox;
  logger: RecordingLogger;
  passkeyVerifier: FakePasskeyVerifier;
  sessions: InMemorySessionRepository;
  ssfStreams: InMemorySsfStreamRepository;
};

/** Every port as an in-memory fake over one shared InMemoryDatabase. */
export function createTestPorts(): TestPorts {
  const db = new InMemoryDatabase();
  const clock = new FixedClock();
  const outbox = new InMemoryOutbox(db, clock);
  const repositories = {
    users: new InMemoryUserRepository(db),
    entitlements: new InMemoryEntitlementRepository(db),
    auditLog: new InMemoryAuditLog(db, clock),
    backupCodes: new InMemoryBackupCodeRepository(db),
    domainVerifications: new InMemoryDomainVerificationRepository(db),
    passkeys: new InMemoryPasskeyRepository(db, clock),
    passkeyChallenges: new InMemoryPasskeyChallengeRepository(db),
    sessions: new InMemorySessionRepository(db),
    ssfStreams: new InMemorySsfStreamRepository(),
    outbox,
  };
  return {
    db,
    ...repositories,
    authFailures: new InMemoryAuthFailureRepository(db),
    accounts: new InMemoryAccountRecords(db),
    outboxStore: outbox,
    passkeyVerifier: new FakePasskeyVerifier(),
    unitOfWork: new InMemoryUnitOfWork(db, repositories),
    hasher: new FakePasswordHasher(),
    totp: new FakeTotp(),
    qrCodes: new FakeQrCodeRenderer(),
    secrets: new FakeSecretCipher(),
    billing: new FakeBillingGateway(),
    dns: new FakeDnsResolver(),
    cursors: new FakeCursorSealer(),
    webhooks: new FakeWebhookSender(),
    random: new SequenceRandom(),
    clock,
    logger: new RecordingLogger(),
  };
}
