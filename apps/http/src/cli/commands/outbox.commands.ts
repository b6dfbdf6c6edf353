import { parseArgs } from 'node:util';
import { KyselyOutboxRepository } from '@accounts/adapters';
import { OUTBOX_KINDS, OUTBOX_STATUSES, type OutboxKind, type OutboxStatus } from '@accounts/domain';
import { openCommandDatabase } from './open-command-database.js';
import { loadCliConfig } from '../../config/load-config.js';
import { UsageError, type CliCommand, type CliContext } from '../command.js';
import { DATABASE_NOTE } from './notes.js';

async function withOutbox<T>(
  io: CliContext,
  work: (outbox: KyselyOutboxRepository) => Promise<T>,
): Promise<T> {
  const config = loadCliConfig(io.env);
  const { database } = await openCommandDatabase(io, config);
  try {
    return await work(new KyselyOutboxRepository(database.db));
  } finally {
    await database.close();
  }
}

function oneOf<T extends string>(
  option: string,
  allowed: readonly T[],
  value: string | undefined,
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((candidate) => candidate === value);
  if (!found) throw new UsageError(`${option} must be one of ${allowed.join(', ')}, got "${value}"`);
  return found;
}

async function listOutbox(args: string[], io: CliContext) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      status: { type: 'string' },
      kind: { type: 'string' },
      limit: { type: 'string', default: '100' },
    },
  });
  const status: OutboxStatus | undefined = oneOf('--status', OUTBOX_STATUSES, values.status);
  const kind: OutboxKind | undefined = oneOf('--kind', OUTBOX_KINDS, values.kind);
  const limit = Number(values.limit);
  if (!/^\d+$/.test(values.limit) || limit < 1 || limit > 10_000) {
    throw new UsageError(`--limit must be a whole number from 1 to 10000, got "${values.limit}"`);
  }
  const entries = await withOutbox(io, (outbox) =>
    outbox.list({ limit, ...(status ? { status } : {}), ...(kind ? { kind } : {}) }),
  );
  // On stderr, so that stdout stays JSON lines (none) for a script that reads it.
  if (entries.length === 0) io.err('No outbox entries match.');
  for (const entry of entries) {
    io.out(
      JSON.stringify({
        id: entry.id,
        kind: entry.kind,
        userId: entry.userId,
        status: entry.status,
        attempts: entry.attempts,
        nextAttemptAt: entry.nextAttemptAt.toISOString(),
        lastError: entry.lastError,
        createdAt: entry.createdAt.toISOString(),
      }),
    );
  }
}

async function retryOutbox(args: string[], io: CliContext) {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { failed: { type: 'boolean', default: false } },
  });
  if (values.failed === positionals.length > 0) {
    throw new UsageError('outbox retry takes entry ids or --failed (one of the two)');
  }
  const retried = await withOutbox(io, (outbox) =>
    outbox.retry(values.failed ? { failed: true } : { ids: positionals }),
  );
  io.out(JSON.stringify({ retried }));
}

export const outboxCommands: readonly CliCommand[] = [
  {
    name: ['outbox', 'list'],
    synopsis: `[--status ${OUTBOX_STATUSES.join('|')}] [--kind ${OUTBOX_KINDS.join('|')}] [--limit N]`,
    summary: 'One JSON line per outbox entry, newest first (default limit 100).',
    details: [
      'Each line: id, kind, userId, status, attempts, nextAttemptAt, lastError, createdAt.',
      'No entry: nothing on stdout, "No outbox entries match." on stderr.',
      '',
      DATABASE_NOTE,
    ],
    run: listOutbox,
  },
  {
    name: ['outbox', 'retry'],
    synopsis: 'ID... | --failed',
    summary: 'Make those entries (or every failed one) pending and due now; prints {"retried":N}.',
    details: [DATABASE_NOTE],
    run: retryOutbox,
  },
];
