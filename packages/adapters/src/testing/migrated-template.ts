import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest } from '../postgres/migrate.js';
import { PgliteDialect } from '../postgres/pglite-dialect.js';
import type { Database } from '../postgres/schema.js';

// The migrations run once per test run, not once per test file: the global setup
// (migrated-template.global-setup.ts) migrates one embedded database and dumps its data
// directory to a file, and on a PostgreSQL server migrates one template database; every test
// database is then a copy (PGlite `loadDataDir`, `CREATE DATABASE … TEMPLATE`).

/** Under these keys the global setup provides the dump's file and the server's template. */
export const PGLITE_TEMPLATE_KEY = 'migratedPgliteDataDir';
export const POSTGRES_TEMPLATE_KEY = 'migratedPostgresTemplate';

export type PostgresTemplate = { url: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    [PGLITE_TEMPLATE_KEY]: string;
    [POSTGRES_TEMPLATE_KEY]: PostgresTemplate;
  }
}

/** An in-memory PGlite, migrated, as a data directory dump (an uncompressed tarball). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PgliteDialect(client) });
  try {
    await migrateToLatest(db);
    return await client.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

/** Creates `test_template_<random>` on the server of `url` and migrates it; nobody stays connected. */
export async function createPostgresTemplate(url: string): Promise<PostgresTemplate> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
  const { PostgresDialect } = await import('kysely');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await dropPostgresTemplate({ url, name });
    throw error;
  }
  await db.destroy();
  return { url, name };
}

export function dropPostgresTemplate(template: PostgresTemplate): Promise<void> {
  return adminQuery(template.url, `drop database if exists ${template.name} with (force)`);
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let pgliteDump: Promise<Blob | null> | undefined;

/** The run's migrated PGlite dump, read once per worker; null outside a run that made one. */
export function migratedPgliteDump(): Promise<Blob | null> {
  pgliteDump ??= (async () => {
    const file = inject(PGLITE_TEMPLATE_KEY) as string | undefined;
    return file ? new Blob([await readFile(file)]) : null;
  })();
  return pgliteDump;
}

/** The run's migrated template on the server of `url`, if the global setup made one there. */
export function postgresTemplateOn(url: string): string | null {
  const template = inject(POSTGRES_TEMPLATE_KEY) as PostgresTemplate | undefined;
  return template?.url === url ? template.name : null;
}
