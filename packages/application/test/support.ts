import type { AuditRecord, Entitlement } from '@accounts/domain';
import {
  createUseCases,
  UNKNOWN_CLIENT,
  type AuditLog,
  type UseCaseOptions,
  type UserAccount,
} from '@accounts/application';
import {
  aDropEntitlement,
  createTestPorts,
  FakeTotp,
  InMemoryUnitOfWork,
  InMemoryUserRepository,
  seedEntitlement,
  seedUser,
  type InMemoryDatabase,
  type TestPorts,
} from '@accounts/application/testing';

export const PASSWORD = 'correct horse';
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const OTHER_SECRET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const BACKUP_CODES = ['abcde-fghjk', '23456-789zz', 'mnpqr-stuvw'] as const;
export const BACKUP_CODE_SHAPE =
  /^[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}$/;

/** Appends through the in-memory log; remembers every record it was given; can be told to fail. */
class SwitchableAuditLog implements AuditLog {
  failing = false;
  readonly appended: AuditRecord[] = [];

  constructor(private readonly inner: AuditLog) {}

  async append(record: AuditRecord) {
    if (this.failing) throw new Error('audit log unavailable');
    const id = await this.inner.append(record);
    this.appended.push(structuredClone(record));
    return id;
  }

  listByUser(userId: string, page: Parameters<AuditLog['listByUser']>[1]) {
    return this.inner.listByUser(userId, page);
  }
}

/** The in-memory repository whose writes of account state can be told to fail. */
class SwitchableUserRepository extends InMemoryUserRepository {
  failingWrites = false;

  override changeFlags(id: string, change: Parameters<InMemoryUserRepository['changeFlags']>[1]) {
    if (this.failingWrites) return Promise.reject(new Error('database unavailable'));
    return super.changeFlags(id, change);
  }

  override delete(id: string) {
    if (this.failingWrites) return Promise.reject(new Error('database unavailable'));
    return super.delete(id);
  }
}

/**
 * The test ports with a switchable audit log and user repository inside the unit of work;
 * `adjust` may replace more of them before the use cases are built.
 */
export function setUp(options: UseCaseOptions = {}, adjust: (ports: TestPorts) => void = () => undefined) {
  const ports = createTestPorts();
  const audit = new SwitchableAuditLog(ports.auditLog);
  const users = new SwitchableUserRepository(ports.db);
  ports.auditLog = audit;
  ports.users = users;
  ports.unitOfWork = new InMemoryUnitOfWork(ports.db, {
    users,
    entitlements: ports.entitlements,
    auditLog: audit,
    backupCodes: ports.backupCodes,
    domainVerifications: ports.domainVerifications,
    passkeys: ports.passkeys,
    passkeyChallenges: ports.passkeyChallenges,
    sessions: ports.sessions,
    ssfStreams: ports.ssfStreams,
    outbox: ports.outbox,
  });
  adjust(ports);
  const useCases = createUseCases(ports, options);
  const db: InMemoryDatabase = ports.db;

  const addUser = (overrides: Partial<UserAccount> = {}) => seedUser(db, overrides);

  /** A user with 2FA on: the secret sealed as the service stores it, and three backup codes. */
  const addUserWithTwoFactor = (overrides: Partial<UserAccount> = {}) => {
    const user = addUser({ twoFactorEnabled: true, ...overrides });
    const withSecret = { ...user, twoFactorSecret: ports.secrets.seal(user.id, SECRET), ...overrides };
    db.users.set(user.id, withSecret);
    db.backupCodes.set(user.id, new Set(BACKUP_CODES.map((code) => code.replace('-', ''))));
    return withSecret;
  };

  const addEntitlement = (userId: string, overrides: Partial<Entitlement> = {}) =>
    seedEntitlement(db, aDropEntitlement(userId, overrides));

  const userIn = (id: string) => db.users.get(id);
  const backupCodesOf = (id: string) => [...(db.backupCodes.get(id) ?? [])].sort();
  const entitlementOf = (userId: string, service = 'DROP') =>
    db.entitlements.find((e) => e.userId === userId && e.service === service);
  /** The TOTP code for SECRET at the clock's time, `stepOffset` steps away. */
  const code = (stepOffset = 0, secret = SECRET) => FakeTotp.codeAt(secret, ports.clock.now(), stepOffset);
  const currentStep = () => Math.floor(ports.clock.now().getTime() / 30_000);
  /** Failures counted for `userId` from `client` (default: a request that named none), and on the account. */
  const failures = (userId: string, client = UNKNOWN_CLIENT) => {
    const counts = db.failuresOf(userId, client);
    return { client: counts.client?.failures ?? 0, account: counts.account?.failures ?? 0 };
  };

  return {
    ports,
    useCases,
    db,
    audit,
    users,
    addUser,
    addUserWithTwoFactor,
    addEntitlement,
    userIn,
    backupCodesOf,
    entitlementOf,
    code,
    currentStep,
    failures,
  };
}

export type TestContext = ReturnType<typeof setUp>;
