import type { AuditRecord, Entitlement } from '@accounts/domain';
import type { OutboxEntry, UserAccount } from '../ports.js';

/** The state behind the in-memory repositories; a unit of work snapshots and restores it. */
export class InMemoryDatabase {
  users = new Map<string, UserAccount>();
  entitlements: Entitlement[] = [];
  auditRecords: AuditRecord[] = [];
  backupCodes = new Map<string, Set<string>>();
  /** In the order written; entries are replaced, never changed in place. */
  outbox: OutboxEntry[] = [];

  snapshot(): () => void {
    const users = new Map(this.users);
    const entitlements = [...this.entitlements];
    const auditRecords = [...this.auditRecords];
    const backupCodes = new Map([...this.backupCodes].map(([id, codes]) => [id, new Set(codes)]));
    const outbox = [...this.outbox];
    return () => {
      this.outbox = outbox;
      this.users = users;
      this.entitlements = entitlements;
      this.auditRecords = auditRecords;
      this.backupCodes = backupCodes;
    };
  }

  auditOf(userId: string): AuditRecord[] {
    return this.auditRecords.filter((record) => record.userId === userId);
  }
}
