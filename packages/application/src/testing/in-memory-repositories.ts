import {
  domainUniquenessKey,
  err,
  hasFlags,
  isSameDomain,
  metadataObject,
  ok,
  withMetadataKeys,
  withoutMetadataKeys,
  CLEAN_FAILURE_STATE,
  type AccountFlags,
  type AuditPosition,
  type AuditRecord,
  type DomainClaim,
  type DomainVerification,
  type Entitlement,
  type FailureState,
  type FlagChange,
  type Metadata,
  type Result,
} from '@accounts/domain';
import type {
  AuditLog,
  AuthFailureRepository,
  BackupCodeRepository,
  Clock,
  DomainVerificationRepository,
  EntitlementRepository,
  PositionedSecurityEvent,
  TransactionalPorts,
  UnitOfWork,
  UserAccount,
  UserDomainVerification,
  UserRepository,
  UserWithFailureState,
  VersionedFailureState,
} from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

function failureCounts(db: InMemoryDatabase, userId: string, client: string): VersionedFailureState {
  const account = db.accountFailures.get(userId);
  return {
    version: account?.version ?? 0,
    state: {
      account: account?.counter ?? CLEAN_FAILURE_STATE.account,
      client: db.clientFailures.get(clientKey(userId, client)) ?? CLEAN_FAILURE_STATE.client,
    },
  };
}

export class InMemoryUserRepository implements UserRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  findById(id: string) {
    return Promise.resolve(this.db.users.get(id) ?? null);
  }

  findWithFailureCounts(id: string, client: string): Promise<UserWithFailureState | null> {
    const user = this.db.users.get(id);
    return Promise.resolve(user ? { user, failures: failureCounts(this.db, id, client) } : null);
  }

  findFlags(id: string): Promise<AccountFlags | null> {
    const user = this.db.users.get(id);
    return Promise.resolve(user ? { disabled: user.disabled, banned: user.banned } : null);
  }

  lock(id: string) {
    return Promise.resolve(this.db.users.has(id));
  }

  setTwoFactor(id: string, state: { enabled: boolean; secret: string | null }) {
    this.update(id, { twoFactorEnabled: state.enabled, twoFactorSecret: state.secret });
    return Promise.resolve();
  }

  changeFlags(id: string, change: FlagChange) {
    const user = this.db.users.get(id);
    if (!user || !hasFlags(user, change.from)) return Promise.resolve(false);
    this.update(id, change.to);
    return Promise.resolve(true);
  }

  enableTwoFactor(id: string, secret: string) {
    const user = this.db.users.get(id);
    if (!user || user.twoFactorEnabled) return Promise.resolve(false);
    this.update(id, { twoFactorEnabled: true, twoFactorSecret: secret });
    return Promise.resolve(true);
  }

  replaceTwoFactorSecret(id: string, current: string, next: string) {
    const user = this.db.users.get(id);
    if (user?.twoFactorSecret !== current) return Promise.resolve(false);
    this.update(id, { twoFactorSecret: next });
    return Promise.resolve(true);
  }

  findTwoFactorSecrets(page: { after: string | null; limit: number }) {
    const rows = [...this.db.users.values()]
      .filter((user) => user.twoFactorSecret !== null && (page.after === null || user.id > page.after))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, page.limit)
      .map((user) => ({ userId: user.id, stored: user.twoFactorSecret ?? '' }));
    return Promise.resolve(rows);
  }

  consumeTotpStep(id: string, step: number) {
    const user = this.db.users.get(id);
    if (!user || (user.twoFactorLastStep !== null && user.twoFactorLastStep >= step)) {
      return Promise.resolve(false);
    }
    this.update(id, { twoFactorLastStep: step });
    return Promise.resolve(true);
  }

  delete(id: string) {
    this.db.users.delete(id);
    this.db.entitlements = this.db.entitlements.filter((e) => e.userId !== id);
    this.db.auditRecords = this.db.auditRecords.filter((r) => r.userId !== id);
    this.db.backupCodes.delete(id);
    this.db.domainVerifications.delete(id);
    this.db.passkeys = this.db.passkeys.filter((p) => p.userId !== id);
    this.db.sessions = this.db.sessions.filter((s) => s.userId !== id);
    this.db.signOuts.delete(id);
    this.db.passkeyChallenges = this.db.passkeyChallenges.filter((c) => c.userId !== id);
    this.db.accountFailures.delete(id);
    for (const key of this.db.clientFailures.keys()) {
      if (key.startsWith(`${id}\n`)) this.db.clientFailures.delete(key);
    }
    return Promise.resolve();
  }

  private update(id: string, changes: Partial<UserAccount>) {
    const user = this.db.users.get(id);
    if (user) this.db.users.set(id, { ...user, ...changes });
  }
}

/** The counts beside the users, never rolled back by a unit of work (they are written outside one). */
export class InMemoryAuthFailureRepository implements AuthFailureRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  find(userId: string, client: string): Promise<VersionedFailureState | null> {
    return Promise.resolve(this.db.users.has(userId) ? failureCounts(this.db, userId, client) : null);
  }

  save(userId: string, client: string, version: number, next: FailureState) {
    if (!this.db.users.has(userId)) return Promise.resolve(false);
    if ((this.db.accountFailures.get(userId)?.version ?? 0) !== version) return Promise.resolve(false);
    this.db.accountFailures.set(userId, { version: version + 1, counter: next.account });
    this.db.clientFailures.set(clientKey(userId, client), next.client);
    return Promise.resolve(true);
  }

  reset(userId: string, client: string) {
    if (!this.db.users.has(userId)) return Promise.resolve(null);
    const version = (this.db.accountFailures.get(userId)?.version ?? 0) + 1;
    this.db.accountFailures.set(userId, { version, counter: CLEAN_FAILURE_STATE.account });
    this.db.clientFailures.delete(clientKey(userId, client));
    return Promise.resolve(version);
  }
}

function clientKey(userId: string, client: string) {
  return `${userId}\n${client}`;
}

/** As the database reads it back: metadata that is not a JSON object counts as an empty one. */
function asStored(entitlement: Entitlement): Entitlement {
  const { metadata } = entitlement;
  return metadata === null ? entitlement : { ...entitlement, metadata: metadataObject(metadata) };
}

export class InMemoryEntitlementRepository implements EntitlementRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  findByService(userId: string, service: string) {
    const found = this.db.entitlements.find((e) => e.userId === userId && e.service === service);
    return Promise.resolve(found ? asStored(found) : null);
  }

  async findWithAccountFlags(userId: string, service: string) {
    const user = this.db.users.get(userId);
    const flags = user ? { disabled: user.disabled, banned: user.banned } : null;
    return { flags, entitlement: await this.findByService(userId, service) };
  }

  async findMetadataWithAccountFlags(userId: string, service: string) {
    const { flags, entitlement } = await this.findWithAccountFlags(userId, service);
    return { flags, metadata: entitlement?.metadata ?? null };
  }

  findSubscribed(userId: string) {
    return Promise.resolve(
      this.db.entitlements.filter((e) => e.userId === userId && e.billingSubscriptionId).map(asStored),
    );
  }

  setMetadataKeys(userId: string, service: string, keys: Metadata) {
    const domain = keys.customDomain;
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
    this.changeMetadata(userId, service, (metadata) => withMetadataKeys(metadata, keys));
    return Promise.resolve(ok());
  }

  findDomainClaim(domain: string): Promise<DomainClaim | null> {
    const key = domainUniquenessKey(domain);
    for (const e of this.db.entitlements) {
      const held = e.metadata?.customDomain;
      if (e.service !== 'DROP' || typeof held !== 'string' || domainUniquenessKey(held) !== key) continue;
      const verification = this.db.domainVerifications.get(e.userId);
      const status =
        verification && domainUniquenessKey(verification.domain) === key ? verification.status : null;
      return Promise.resolve({ userId: e.userId, domain: held, status });
    }
    return Promise.resolve(null);
  }

  removeMetadataKeys(userId: string, service: string, keys: readonly string[]) {
    this.changeMetadata(userId, service, (metadata) => withoutMetadataKeys(metadata, keys));
    return Promise.resolve();
  }

  private changeMetadata(
    userId: string,
    service: string,
    change: (metadata: Metadata | null) => Metadata | null,
  ) {
    this.db.entitlements = this.db.entitlements.map((e): Entitlement =>
      e.userId === userId && e.service === service ? { ...e, metadata: change(e.metadata) } : e,
    );
  }
}

export class InMemoryDomainVerificationRepository implements DomainVerificationRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  find(userId: string) {
    return Promise.resolve(this.db.domainVerifications.get(userId) ?? null);
  }

  save(userId: string, verification: DomainVerification) {
    if (!this.db.users.has(userId)) throw new Error(`verification for unknown user ${userId}`);
    this.db.domainVerifications.set(userId, { ...verification });
    return Promise.resolve();
  }

  delete(userId: string) {
    this.db.domainVerifications.delete(userId);
    return Promise.resolve();
  }

  markVerified(userId: string, domain: string, at: Date) {
    const current = this.unverified(userId, domain);
    if (!current) return Promise.resolve(false);
    this.db.domainVerifications.set(userId, {
      ...current,
      status: 'verified',
      checkedAt: at,
      verifiedAt: at,
    });
    return Promise.resolve(true);
  }

  recordCheck(userId: string, domain: string, check: { status: 'pending' | 'failed'; checkedAt: Date }) {
    const current = this.unverified(userId, domain);
    if (current) this.db.domainVerifications.set(userId, { ...current, ...check });
    return Promise.resolve();
  }

  findDue(query: { checkedBefore: Date; connectedAfter: Date; limit: number }) {
    const due: UserDomainVerification[] = [...this.db.domainVerifications]
      .filter(
        ([, v]) =>
          v.status === 'pending' &&
          v.connectedAt > query.connectedAfter &&
          (v.checkedAt === null || v.checkedAt <= query.checkedBefore),
      )
      .map(([userId, v]) => ({ ...v, userId }))
      .sort((a, b) => (a.checkedAt?.getTime() ?? -Infinity) - (b.checkedAt?.getTime() ?? -Infinity));
    return Promise.resolve(due.slice(0, query.limit));
  }

  expirePending(connectedBefore: Date) {
    let expired = 0;
    for (const [userId, v] of this.db.domainVerifications) {
      if (v.status === 'pending' && v.connectedAt <= connectedBefore) {
        this.db.domainVerifications.set(userId, { ...v, status: 'failed' });
        expired++;
      }
    }
    return Promise.resolve(expired);
  }

  private unverified(userId: string, domain: string) {
    const current = this.db.domainVerifications.get(userId);
    return current && current.status !== 'verified' && isSameDomain(current.domain, domain) ? current : null;
  }
}

export class InMemoryAuditLog implements AuditLog {
  constructor(
    private readonly db: InMemoryDatabase,
    private readonly clock: Clock = { now: () => new Date() },
  ) {}

  append(record: AuditRecord) {
    if (!this.db.users.has(record.userId)) throw new Error(`audit record for unknown user ${record.userId}`);
    // What the webhook alone carries is not stored, as the Kysely log does not store it.
    const { revocation: _revocation, removedPasskeyTransports: _transports, ...kept } = record;
    const stored = structuredClone(kept);
    this.db.auditRecords.push(stored);
    const id = ++this.db.lastAuditId;
    this.db.auditStamps.set(stored, { id, createdAt: this.clock.now() });
    return Promise.resolve(String(id));
  }

  listByUser(userId: string, page: { before: AuditPosition | null; limit: number }) {
    const events = this.db.auditRecords
      .filter((record) => record.userId === userId)
      .map((record): PositionedSecurityEvent => {
        const stamp = this.db.auditStamps.get(record);
        if (!stamp) throw new Error('audit record without a stamp');
        const position = {
          createdAt: stamp.createdAt.toISOString().replace('Z', '000Z'),
          id: String(stamp.id),
        };
        return {
          id: position.id,
          event: record.event,
          details: record.details,
          createdAt: stamp.createdAt,
          position,
        };
      })
      .sort((a, b) => comparePositions(b.position, a.position));
    const before = page.before;
    const after = before ? events.filter((e) => comparePositions(e.position, before) < 0) : events;
    return Promise.resolve(after.slice(0, page.limit));
  }
}

function comparePositions(a: AuditPosition, b: AuditPosition): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return Number(a.id) - Number(b.id);
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

/**
 * One unit of work at a time, as row locks would order them: a rollback restores the snapshot
 * taken at its start, which must not undo another unit's changes.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: InMemoryDatabase,
    private readonly ports: TransactionalPorts,
  ) {}

  run<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>): Promise<Result<T, E>> {
    const turn = this.queue.then(() => this.runAlone(work));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async runAlone<T, E>(work: (tx: TransactionalPorts) => Promise<Result<T, E>>) {
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
