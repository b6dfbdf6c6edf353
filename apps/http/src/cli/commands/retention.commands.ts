import { parseArgs } from 'node:util';
import { KyselyRetentionRepository, SystemClock } from '@accounts/adapters';
import { RunRetention } from '@accounts/application';
import { openCommandDatabase } from './open-command-database.js';
import { loadCliConfig } from '../../config/load-config.js';
import type { CliCommand, CliContext } from '../command.js';
import { DATABASE_NOTE } from './notes.js';

async function runRetention(args: string[], io: CliContext) {
  parseArgs({ args, strict: true, options: {} });
  const config = loadCliConfig(io.env);
  const { database } = await openCommandDatabase(io, config);
  try {
    const run = new RunRetention(
      { retention: new KyselyRetentionRepository(database.db), clock: new SystemClock() },
      config.retention,
    );
    io.out(JSON.stringify(await run.execute()));
  } finally {
    await database.close();
  }
}

export const retentionCommands: readonly CliCommand[] = [
  {
    name: ['retention', 'run'],
    synopsis: '',
    summary:
      'Remove done outbox entries, audit records and sessions past their retention now; prints {"outboxRemoved":N,"auditRemoved":M,"sessionsRemoved":K}.',
    details: [
      'OUTBOX_RETENTION_DAYS (default 7): done outbox entries done longer ago than that; pending and failed stay.',
      'AUDIT_RETENTION_DAYS (unset: keep forever): audit records older than that.',
      'Sessions: a day after an unrevoked one expired; 30 days after a revocation (its sid stays refused until then).',
      '',
      DATABASE_NOTE,
    ],
    run: runRetention,
  },
];
