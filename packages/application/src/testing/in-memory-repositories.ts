import {
  domainUniquenessKey,
  err,
  ok,
  recordFailure,
  type AccountFlags,
  type AuditRecord,
  type Entitlement,
  type FailureCount,
  type Metadata,
  type Result,
} from '@accounts/domain';
import type {
  AuditLog,
  BackupCodeRepository,
  EntitlementRepository,
  TransactionalPorts,
  UnitOfWork,
  UserAccount,
  UserRepository,
} from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

export class InMemoryUserRepository implements UserRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  findById(id: string) {
    return Promise.resolve(this.db.users.get(id) ?? null);
  }

  findFlags(id: string): Promise<AccountFlags | null> {
    const user = this.db.users.get(id);
    return Promise.resolve(user ? { disabled: user.disabled, banned: user.banned } : null);
  }

  setTwoFactor(id: string, state: { enabled: boolean; secret: string | null }) {
    this.update(id, { twoFactorEnabled: state.enabled, twoFactorSecret: state.secret });
    return Promise.resolve();
  }

  setFlags(id: string, flags: Partial<AccountFlags>) {
    this.update(id, flags);
    return Promise.resolve();
  }

  consumeTotpStep(id: string, step: number) {
    const user = this.db.users.get(id);
    if (!user || (user.twoFactorLastStep !== null && user.twoFactorLastStep >= step)) {
      return Promise.resolve(false);
    }
    this.update(id, { twoFactorLastStep: step });
    return Promise.resolve(true);
  }

  recordAuthFailure(id: string, now: Date, windowMs: number): Promise<FailureCount> {
    const user = this.db.users.get(id);
    if (!user) return Promise.resolve({ count: 0, windowStartedAt: null });
    const authFailures = recordFailure(user.authFailures, now, { windowMs });
    this.update(id, { authFailures });
    return Promise.resolve(authFailures);
  }

  clearAuthFailures(id: string) {
    this.update(id, { authFailures: { count: 0, windowStartedAt: null } });
    return Promise.resolve();
  }

  delete(id: string) {
    this.db.users.delete(id);
    this.db.entitlements = this.db.entitlements.filter((e) => e.userId !== id);
    this.db.auditRecords = this.db.auditRecords.filter((r) => r.userId !== id);
    this.db.backupCodes.delete(id);
    return Promise.resolve();
  }

  private update(id: string, changes: Partial<UserAccount>) {
    const user = this.db.users.get(id);
    if (user) this.db.users.set(id, { ...user, ...changes });
  }
}

export class InMemoryEntitlementRepository implements EntitlementRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  findByService(userId: string, service: string) {
    return Promise.resolve(
      this.db.entitlements.find((e) => e.userId === userId && e.service === service) ?? null,
    );
  }

  async findWithAccountFlags(userId: string, service: string) {
    const user = this.db.users.get(userId);
    return {
      flags: user ? { disabled: user.disabled, banned: user.banned } : null,
      entitlement: await this.findByService(userId, service),
    };
  }

  findSubscribed(userId: string) {
    return Promise.resolve(
      this.db.entitlements.filter((e) => e.userId === userId && e.billingSubscriptionId),
    );
  }

  saveMetadata(userId: string, service: string, metadata: Metadata | null) {
    const domain = metadata?.customDomain;
    if (service === 'DROP' && typeof domain === 'string') {
      const key = domainUniquenessKey(domain);
      const taken = this.db.entitlements.some(
        (e) =>
          e.userId !== userId &&
          e.service === 'DROP' &&
          typeof e.metadata?.customDomain === 'string' &&
          domainUniquenessKey(e.metadata.customDomain) === key,
      );
      if (taken) return Promise.resolve(err({ type: 'DomainInUse' as const }));
    }
    this.db.entitlements = this.db.entitlements.map((e): Entitlement =>
      e.userId === userId && e.service === service ? { ...e, metadata } : e,
    );
    return Promise.resolve(ok());
  }
}

export class InMemoryAuditLog implements AuditLog {
  constructor(private readonly db: InMemoryDatabase) {}

  append(record: AuditRecord) {
    if (!this.db.users.has(record.userId)) throw new Error(`audit record for unknown user ${record.userId}`);
    this.db.auditRecords.push(structuredClone(record));
    return Promise.resolve();
  }
}

export class InMemoryBackupCodeRepository implements BackupCodeRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  replace(userId: string, codes: readonly string[]) {
    this.db.backupCodes.set(userId, new Set(codes));
    return Promise.resolve();
  }

  consume(userId: string, code: string) {
    return Promise.resolve(this.db.backupCodes.get(userId)?.delete(code) ?? false);
  }

  deleteAll(userId: string) {
    this.db.backupCodes.delete(userId);
    return Promise.resolve();
  }

  count(userId: string) {
    return Promise.resolve(this.db.backupCodes.get(userId)?.size ?? 0);
  }
}

export class InMemoryUnitOfWork implements UnitOfWork {
  constructor(
    private readonly db: InMemoryDatabase,
    private readonly ports: TransactionalPorts,
  ) {}

  async run<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>) {
    const restore = this.db.snapshot();
    try {
      const result = await work(this.ports);
      if (!result.ok) restore();
      return result;
    } catch (error) {
      restore();
      throw error;
    }
  }
}
