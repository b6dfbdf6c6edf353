import { parseArgs } from 'node:util';
import { createMigrator } from '@accounts/adapters';
import { openMigratedDatabase } from '../../composition-root.js';
import { loadCliConfig } from '../../config/load-config.js';
import type { CliCommand, CliIo } from '../command.js';
import { DATABASE_NOTE } from './notes.js';

async function migrate(args: string[], io: CliIo) {
  parseArgs({ args, strict: true, options: {} });
  const config = loadCliConfig();
  const { database, applied } = await openMigratedDatabase(
    config.databaseUrl,
    config.databaseStatementTimeoutMs,
  );
  try {
    const all = await createMigrator(database.db).getMigrations();
    for (const migration of all) {
      io.out(`${migration.name}\t${applied.includes(migration.name) ? 'applied now' : 'already applied'}`);
    }
    if (applied.length === 0) io.out('No pending migrations.');
  } finally {
    await database.close();
  }
}

export const migrateCommands: readonly CliCommand[] = [
  {
    name: ['migrate'],
    synopsis: '',
    summary: 'Apply pending database migrations (idempotent) and list them.',
    details: [DATABASE_NOTE],
    run: migrate,
  },
];
