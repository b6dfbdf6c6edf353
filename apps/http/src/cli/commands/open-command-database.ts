import { migrateToLatest, type DatabaseHandle } from '@accounts/adapters';
import { openMigratedDatabase } from '../../composition-root.js';
import type { CliSurroundings } from '../command.js';

/**
 * The database a command works on, migrated: the one its caller handed over (left open on
 * `close()`: the caller owns it), else the one the configuration names, opened here.
 */
export async function openCommandDatabase(
  surroundings: Pick<CliSurroundings, 'database'>,
  config: { databaseUrl: string | null; databaseStatementTimeoutMs: number },
): Promise<{ database: DatabaseHandle; applied: string[] }> {
  const given = surroundings.database;
  if (!given) return openMigratedDatabase(config.databaseUrl, config.databaseStatementTimeoutMs);
  const applied = await migrateToLatest(given.db);
  return { database: { ...given, close: () => Promise.resolve() }, applied };
}
