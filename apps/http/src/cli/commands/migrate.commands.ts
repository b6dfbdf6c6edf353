import { parseArgs } from 'node:util';
import { createMigrator } from '@accounts/adapters';
import { openCommandDatabase } from './open-command-database.js';
import { loadCliConfig } from '../../config/load-config.js';
import type { CliCommand, CliContext } from '../command.js';
import { DATABASE_NOTE } from './notes.js';

async function migrate(args: string[], io: CliContext) {
  parseArgs({ args, strict: true, options: {} });
  const config = loadCliConfig(io.env);
  const { database, applied } = await openCommandDatabase(io, config);
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
