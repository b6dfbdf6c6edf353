import type { AuditEvent, AuditRecord, Entitlement } from '@accounts/domain';
import { createPersistence, insertEntitlement, type Persistence } from '@accounts/adapters';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import type { UserAccount } from '@accounts/application';
import { aUser, createTestPorts } from '@accounts/application/testing';

/** The persistence ports under test, with the means to arrange and inspect their state. */
export type ContractSubject = {
  ports: Persistence;
  addUser(overrides?: Partial<UserAccount>): Promise<UserAccount>;
  addEntitlement(entitlement: Entitlement): Promise<void>;
  auditOf(userId: string): Promise<AuditRecord[]>;
  close(): Promise<void>;
};

export type ContractTarget = { label: string; open(): Promise<ContractSubject> };

/** The in-memory fakes and the Kysely repositories over every test database. */
export async function contractTargets(): Promise<ContractTarget[]> {
  const databases = await testDatabaseTargets();
  return [
    { label: 'in-memory', open: () => Promise.resolve(inMemorySubject()) },
    ...databases.map((target) => ({
      label: `kysely on ${target.label}`,
      open: async () => kyselySubject(await target.create()),
    })),
  ];
}

function inMemorySubject(): ContractSubject {
  const { db, users, entitlements, auditLog, backupCodes, outbox, outboxStore, unitOfWork } =
    createTestPorts();
  return {
    ports: { users, entitlements, auditLog, backupCodes, outbox, outboxStore, unitOfWork },
    addUser(overrides) {
      const user = aUser(overrides);
      db.users.set(user.id, user);
      return Promise.resolve(user);
    },
    addEntitlement(entitlement) {
      db.entitlements.push(entitlement);
      return Promise.resolve();
    },
    auditOf: (userId) => Promise.resolve(db.auditOf(userId)),
    close: () => Promise.resolve(),
  };
}

export function kyselySubject(database: TestDatabase): ContractSubject {
  const { db } = database;
  return {
    ports: createPersistence(db),
    async addUser(overrides) {
      const user = aUser(overrides);
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          display_name: user.displayName,
          password_hash: user.passwordHash,
          two_factor_enabled: user.twoFactorEnabled,
          two_factor_secret: user.twoFactorSecret,
          two_factor_last_step: user.twoFactorLastStep,
          disabled: user.disabled,
          banned: user.banned,
          failed_auth_count: user.authFailures.count,
          failed_auth_window_started_at: user.authFailures.windowStartedAt,
        })
        .execute();
      return user;
    },
    async addEntitlement(entitlement) {
      await insertEntitlement(db, entitlement);
    },
    async auditOf(userId) {
      const rows = await db
        .selectFrom('audit_logs')
        .select(['user_id', 'event', 'details'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        userId: row.user_id,
        event: row.event as AuditEvent,
        details: row.details,
      }));
    },
    close: () => database.close(),
  };
}

/** Opening an embedded database costs seconds of CPU; many test files do it at once. */
export const OPEN_TIMEOUT_MS = 120_000;
