import type { Entitlement } from '@accounts/domain';
import type { AccountRecord, AccountRecords, DeliveryRecord, SignInFailureRecord } from '../ports.js';
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

  signInFailuresOf(userId: string): Promise<SignInFailureRecord[]> {
    const account = this.db.accountFailures.get(userId)?.counter;
    const holdsAny =
      account !== undefined &&
      (account.failures > 0 || account.since !== null || account.lockedUntil !== null || account.locks > 0);
    const prefix = `${userId}\n`;
    const clients = [...this.db.clientFailures]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, counter]) => ({ client: key.slice(prefix.length), ...counter }))
      .sort((a, b) => (a.client < b.client ? -1 : a.client > b.client ? 1 : 0));
    return Promise.resolve([
      ...(holdsAny ? [{ client: null, failures: account.failures, lockedUntil: account.lockedUntil }] : []),
      ...clients.map(({ client, failures, lockedUntil }) => ({ client, failures, lockedUntil })),
    ]);
  }

  deliveriesOf(userId: string): Promise<DeliveryRecord[]> {
    return Promise.resolve(
      this.db.outbox
        .filter((entry) => entry.userId === userId)
        .map((entry) => ({ ...entry, status: entry.status, createdAt: entry.createdAt })),
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
