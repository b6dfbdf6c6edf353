import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: () => Promise.resolve({ ...migrations }) };

export function createMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider });
}

/**
 * Applies every pending migration (each in its own transaction, under Kysely's migration lock)
 * and returns the names applied by this run; throws, with the cause, when one fails.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const which = failed === undefined ? 'Database migration' : `Database migration ${failed}`;
    throw new Error(`${which} failed: ${describe(error)}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
