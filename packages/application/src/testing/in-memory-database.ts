import type {
  AuditRecord,
  DomainVerification,
  Entitlement,
  FailureCounter,
  SignOutMoment,
} from '@accounts/domain';
import type { OutboxEntry, PasskeyCeremony, StoredPasskey, UserAccount } from '../ports.js';
import type { InMemorySession } from './in-memory-sessions.js';

/** The state behind the in-memory repositories; a unit of work snapshots and restores it. */
export class InMemoryDatabase {
  users = new Map<string, UserAccount>();
  entitlements: Entitlement[] = [];
  auditRecords: AuditRecord[] = [];
  backupCodes = new Map<string, Set<string>>();
  domainVerifications = new Map<string, DomainVerification>();
  /** Failure counts per account (with the version every change bumps), and per account and client. */
  accountFailures = new Map<string, { version: number; counter: FailureCounter }>();
  clientFailures = new Map<string, FailureCounter>();
  /** Id and creation time of each audit record, kept beside it so that records compare as plain data. */
  readonly auditStamps = new WeakMap<AuditRecord, { id: number; createdAt: Date }>();
  lastAuditId = 0;
  /** In the order written; entries are replaced, never changed in place. */
  outbox: OutboxEntry[] = [];
  /** In the order added; entries are replaced, never changed in place. */
  passkeys: StoredPasskey[] = [];
  /** In the order first seen; rows are replaced, never changed in place. */
  sessions: InMemorySession[] = [];
  /** Each account's sign-out moment (the users columns of the Kysely store). */
  signOuts = new Map<string, SignOutMoment>();
  /** The `sid`s the provider signed out; entries are replaced, never changed in place. */
  refusedSids: { sid: string; sub: string | null; refusedAt: Date }[] = [];
  passkeyChallenges: { userId: string; ceremony: PasskeyCeremony; challenge: string; expiresAt: Date }[] = [];

  snapshot(): () => void {
    const users = new Map(this.users);
    const entitlements = [...this.entitlements];
    const auditRecords = [...this.auditRecords];
    const backupCodes = new Map([...this.backupCodes].map(([id, codes]) => [id, new Set(codes)]));
    const domainVerifications = new Map(this.domainVerifications);
    const outbox = [...this.outbox];
    const passkeys = [...this.passkeys];
    const passkeyChallenges = [...this.passkeyChallenges];
    const sessions = [...this.sessions];
    const signOuts = new Map(this.signOuts);
    const refusedSids = [...this.refusedSids];
    return () => {
      this.refusedSids = refusedSids;
      this.passkeyChallenges = passkeyChallenges;
      this.sessions = sessions;
      this.signOuts = signOuts;
      this.passkeys = passkeys;
      this.outbox = outbox;
      this.users = users;
      this.entitlements = entitlements;
      this.auditRecords = auditRecords;
      this.backupCodes = backupCodes;
      this.domainVerifications = domainVerifications;
    };
  }

  /** The failure counts of `userId` from `client`, and of the account. */
  failuresOf(
    userId: string,
    client = 'unknown',
  ): { client: FailureCounter | null; account: FailureCounter | null } {
    return {
      client: this.clientFailures.get(`${userId}\n${client}`) ?? null,
      account: this.accountFailures.get(userId)?.counter ?? null,
    };
  }

  auditOf(userId: string): AuditRecord[] {
    return this.auditRecords.filter((record) => record.userId === userId);
  }
}
