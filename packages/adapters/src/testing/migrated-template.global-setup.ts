import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Vitest global setup (the root vitest.config.ts), after test-postgres.global-setup.ts: the
 * migrations run once for the whole run; each test file's database is a copy (migrated-template.ts).
 * Returns the teardown that removes the dump and drops the template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'accounts-test-template-'));
  const file = join(dir, 'pglite-migrated.tar');
  await writeFile(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  project.provide(PGLITE_TEMPLATE_KEY, file);

  const fromEnv = process.env.DATABASE_URL;
  const server =
    fromEnv && isPostgresUrl(fromEnv) ? fromEnv : project.getProvidedContext()[TESTCONTAINERS_URL_KEY];
  const template = server ? await createPostgresTemplate(server) : null;
  if (template) project.provide(POSTGRES_TEMPLATE_KEY, template);

  return async () => {
    if (template) await dropPostgresTemplate(template);
    await rm(dir, { recursive: true, force: true });
  };
}
