import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { isPostgresUrl } from '../postgres/database.js';
import {
  createPostgresTemplate,
  dropPostgresTemplate,
  dumpMigratedPglite,
  PGLITE_TEMPLATE_KEY,
  POSTGRES_TEMPLATE_KEY,
} from './migrated-template.js';
import { TESTCONTAINERS_URL_KEY } from './shared-test-postgres.js';

const MIGRATIONS = resolve(import.meta.dirname, '../postgres/migrations');
const CACHE = resolve(import.meta.dirname, '../../node_modules/.cache/migrated-pglite');

/**
 * The migrated PGlite dump for the migrations as they are now: kept under node_modules/.cache,
 * named by a hash of the migration sources and PGlite's version, so that a run after a change of
 * either makes a new one and any other run reuses it.
 */
async function pgliteDumpFile(): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');
  hash.update(await readFile(pglitePackage));
  for (const name of (await readdir(MIGRATIONS)).sort()) {
    hash.update(name);
    hash.update(await readFile(join(MIGRATIONS, name)));
  }
  const file = join(CACHE, `${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  await mkdir(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  await rename(partial, file);
  return file;
}

/**
 * Vitest global setup (the root vitest.config.ts), after test-postgres.global-setup.ts: the
 * migrations run once, not in every test file; each test file's database is a copy
 * (migrated-template.ts). Returns the teardown that drops the server's template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide(PGLITE_TEMPLATE_KEY, await pgliteDumpFile());

  const fromEnv = process.env.DATABASE_URL;
  const server =
    fromEnv && isPostgresUrl(fromEnv) ? fromEnv : project.getProvidedContext()[TESTCONTAINERS_URL_KEY];
  const template = server ? await createPostgresTemplate(server) : null;
  if (template) project.provide(POSTGRES_TEMPLATE_KEY, template);

  return async () => {
    if (template) await dropPostgresTemplate(template);
  };
}
