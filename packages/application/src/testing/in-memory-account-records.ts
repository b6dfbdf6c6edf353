import type { Entitlement } from '@accounts/domain';
import type { AccountRecord, AccountRecords } from '../ports.js';
import type { InMemoryDatabase } from './in-memory-database.js';

/** When the in-memory users were created, as far as account reads tell. */
export const IN_MEMORY_CREATED_AT = new Date('2026-01-01T00:00:00.000Z');

export class InMemoryAccountRecords implements AccountRecords {
  constructor(private readonly db: InMemoryDatabase) {}

  findById(id: string): Promise<AccountRecord | null> {
    const user = this.db.users.get(id);
    return Promise.resolve(user ? this.record(id) : null);
  }

  findByEmail(email: string): Promise<AccountRecord | null> {
    const wanted = email.toLowerCase();
    const user = [...this.db.users.values()].find((candidate) => candidate.email.toLowerCase() === wanted);
    return Promise.resolve(user ? this.record(user.id) : null);
  }

  entitlementsOf(userId: string): Promise<Entitlement[]> {
    return Promise.resolve(
      this.db.entitlements
        .filter((entitlement) => entitlement.userId === userId)
        .sort((a, b) => a.service.localeCompare(b.service)),
    );
  }

  private record(id: string): AccountRecord {
    const user = this.db.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      twoFactorEnabled: user.twoFactorEnabled,
      disabled: user.disabled,
      banned: user.banned,
      createdAt: IN_MEMORY_CREATED_AT,
    };
  }
}
