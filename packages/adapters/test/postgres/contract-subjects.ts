import type { AuditEvent, AuditRecord, Entitlement } from '@accounts/domain';
import { createPersistence, type Persistence } from '@accounts/adapters';
import {
  seedEntitlement,
  seedUser,
  testDatabaseTargets,
  type TestDatabase,
} from '@accounts/adapters/testing';
import type { UserAccount } from '@accounts/application';
import * as inMemory from '@accounts/application/testing';
import { afterAll, beforeAll } from 'vitest';

/** The persistence ports under test, with the means to arrange and inspect their state. */
export type ContractSubject = {
  ports: Persistence;
  addUser(overrides?: Partial<UserAccount>): Promise<UserAccount>;
  addEntitlement(entitlement: Entitlement): Promise<void>;
  auditOf(userId: string): Promise<AuditRecord[]>;
  close(): Promise<void>;
};

export type ContractTarget = { label: string; open: () => Promise<ContractSubject> };

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
  const ports = inMemory.createTestPorts();
  const { db } = ports;
  return {
    // All the test ports; typed as Persistence, the contract reaches only the persistence ones.
    ports,
    addUser: (overrides) => Promise.resolve(inMemory.seedUser(db, overrides)),
    addEntitlement(entitlement) {
      inMemory.seedEntitlement(db, entitlement);
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
    addUser: (overrides) => seedUser(db, overrides),
    async addEntitlement(entitlement) {
      await seedEntitlement(db, entitlement);
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

/** Every migration's name, in the order they apply. */
export const MIGRATION_NAMES = [
  '001_initial',
  '002_hardening',
  '003_outbox',
  '004_account_page',
  '006_email_case_insensitive',
  '007_auth_failures',
  '008_passkeys',
  '009_growth_indexes',
  '010_audit_age_index',
  '011_sessions',
  '012_session_pages',
  '013_ssf_streams',
  '014_provider_logouts',
  '015_sessions_by_sid',
];

/**
 * Opening an embedded database costs seconds of CPU, a fresh one (initdb) many more; many test
 * files do it at once, and beside busy processes it took over two minutes.
 */
export const OPEN_TIMEOUT_MS = 300_000;

/**
 * What `open()` gives, for the tests of the enclosing describe block: opened before them, closed
 * after them. Called while the block is collected, it hands back a stand-in that reads through to
 * the opened value, so the tests use it like a `let` set in beforeAll.
 */
export function openForSuite<T extends { close(): Promise<void> }>(open: () => Promise<T>): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  }, OPEN_TIMEOUT_MS);
  afterAll(() => opened?.close(), OPEN_TIMEOUT_MS);
  return new Proxy({} as T, {
    get(_, key) {
      if (!opened) throw new Error(`read ${String(key)} before beforeAll opened it`);
      const value: unknown = Reflect.get(opened, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(opened) : value;
    },
  });
}
