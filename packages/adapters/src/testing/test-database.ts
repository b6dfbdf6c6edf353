import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { IN_MEMORY_URL, isPostgresUrl, openDatabase, type DatabaseHandle } from '../postgres/database.js';
import { migrateToLatest } from '../postgres/migrate.js';
import { adminQuery, migratedPgliteDump, postgresTemplateOn } from './migrated-template.js';
import { TESTCONTAINERS_LABEL, TESTCONTAINERS_URL_KEY } from './shared-test-postgres.js';

/**
 * A migrated database of its own for one test file; `close()` also drops it on a server. `url`
 * names it for a config (an in-memory PGlite's is `pglite://memory`, which opens another one).
 */
export type TestDatabase = DatabaseHandle & { label: string; url: string };

export type TestDatabaseTarget = { label: string; create: () => Promise<TestDatabase> };

/**
 * A fresh migrated database: on the server of DATABASE_URL when it is set, else on the run's
 * PostgreSQL container when the global setup started one, else an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = postgresServer();
  return server ? createServerTestDatabase(server.url, server.label) : createPgliteTestDatabase();
}

/**
 * Every database the suites should run against: PGlite always, and PostgreSQL too when
 * DATABASE_URL is set or the run has its container. For `describe.each`.
 */
export function testDatabaseTargets(): Promise<TestDatabaseTarget[]> {
  const targets: TestDatabaseTarget[] = [{ label: 'pglite', create: createPgliteTestDatabase }];
  const server = postgresServer();
  if (server)
    targets.push({ label: server.label, create: () => createServerTestDatabase(server.url, server.label) });
  return Promise.resolve(targets);
}

/** A copy of the run's migrated embedded database (migrated-template.ts), else one migrated here. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const dump = await migratedPgliteDump();
  const handle = await openDatabase(IN_MEMORY_URL, dump ? { loadDataDir: dump } : {});
  // Nothing to apply on a copy of the template, unless a migration was added since it was made.
  await migrateToLatest(handle.db);
  return { ...handle, label: 'pglite', url: IN_MEMORY_URL };
}

/**
 * Creates `test_<random>` on the server of `url` (a copy of the run's migrated template when there
 * is one on that server), migrates it, and drops it on close.
 */
export async function createServerTestDatabase(url: string, label = 'postgres'): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = postgresTemplateOn(url);
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ''}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const handle = await openDatabase(databaseUrl.toString());
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await adminQuery(url, `drop database if exists ${name} with (force)`);
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    ...handle,
    label,
    url: databaseUrl.toString(),
    close() {
      closing ??= handle.close().then(() => adminQuery(url, `drop database if exists ${name} with (force)`));
      return closing;
    },
  };
}

type Server = { url: string; label: string };

/**
 * DATABASE_URL's server, else the container the global setup (test-postgres.global-setup.ts)
 * started for the whole run and provided, else none.
 */
function postgresServer(): Server | null {
  const url = process.env.DATABASE_URL;
  if (url && isPostgresUrl(url)) return { url, label: 'postgres' };
  const containerUrl = inject(TESTCONTAINERS_URL_KEY);
  return containerUrl ? { url: containerUrl, label: TESTCONTAINERS_LABEL } : null;
}
