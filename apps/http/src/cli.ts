#!/usr/bin/env node
import { parseArgs } from 'node:util';
import {
  Argon2PasswordHasher,
  createAccount,
  createMigrator,
  DEFAULT_DATA_DIR,
  KyselyOutboxRepository,
} from '@accounts/adapters';
import {
  DROP_SERVICE,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
  type OutboxKind,
  type OutboxStatus,
} from '@accounts/domain';
import { openMigratedDatabase } from './composition-root.js';
import { ConfigError } from './config/config-error.js';
import { loadCliConfig } from './config/load-config.js';
import { mintToken, parseDuration } from './tokens.js';

const USAGE = `Usage: accounts <command>

Commands:
  migrate
      Apply pending database migrations (idempotent) and list them.
  users create --email E --password P [--display-name N] [--tier T]
               [--billing-customer-id C] [--billing-subscription-id S]
      Create a user (and, with --tier, its DROP entitlement); prints {"id":"...","email":"..."}.
  tokens mint --user-id ID [--expires-in 1h]
      Print an HS256 token for JWT_SECRET (durations: 90s, 15m, 1h, 7d).
  outbox list [--status pending|done|failed] [--kind billing.cancel|webhook] [--limit N]
      One JSON line per outbox entry, newest first (default limit 100).
  outbox retry ID... | --failed
      Make those entries (or every failed one) pending and due now; prints {"retried":N}.

Uses DATABASE_URL (default: the embedded database in ${DEFAULT_DATA_DIR}) like the server.`;

/** A mistake of the caller: printed without a stack. */
class UsageError extends Error {}

const out = (line: string) => process.stdout.write(`${line}\n`);

async function migrate() {
  const config = loadCliConfig();
  const { database, applied } = await openMigratedDatabase(
    config.databaseUrl,
    config.databaseStatementTimeoutMs,
  );
  try {
    const all = await createMigrator(database.db).getMigrations();
    for (const migration of all) {
      out(`${migration.name}\t${applied.includes(migration.name) ? 'applied now' : 'already applied'}`);
    }
    if (applied.length === 0) out('No pending migrations.');
  } finally {
    await database.close();
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function createUser(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'display-name': { type: 'string' },
      tier: { type: 'string' },
      'billing-customer-id': { type: 'string' },
      'billing-subscription-id': { type: 'string' },
    },
  });
  if (!values.email || !EMAIL.test(values.email)) throw new UsageError('--email must be an email address');
  if (!values.password) throw new UsageError('--password is required');
  if (!values.tier && (values['billing-customer-id'] || values['billing-subscription-id'])) {
    throw new UsageError(
      '--billing-customer-id and --billing-subscription-id need --tier (they belong to the DROP entitlement)',
    );
  }
  const config = loadCliConfig();
  const passwordHash = await new Argon2PasswordHasher(config.argon2).hash(values.password);
  const { database } = await openMigratedDatabase(config.databaseUrl, config.databaseStatementTimeoutMs);
  try {
    const created = await createAccount(database.db, {
      email: values.email,
      displayName: values['display-name'] ?? '',
      passwordHash,
      ...(values.tier
        ? {
            entitlement: {
              service: DROP_SERVICE,
              tier: values.tier,
              billingCustomerId: values['billing-customer-id'] ?? null,
              billingSubscriptionId: values['billing-subscription-id'] ?? null,
            },
          }
        : {}),
    });
    if (!created.ok) throw new UsageError(`A user with the email ${values.email} already exists`);
    out(JSON.stringify({ id: created.value.id, email: created.value.email }));
  } finally {
    await database.close();
  }
}

function mint(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { 'user-id': { type: 'string' }, 'expires-in': { type: 'string', default: '1h' } },
  });
  if (!values['user-id']) throw new UsageError('--user-id is required');
  const expiresInSeconds = parseDuration(values['expires-in']);
  if (expiresInSeconds === null) {
    throw new UsageError(
      `--expires-in must be a duration like 90s, 15m, 1h or 7d, got "${values['expires-in']}"`,
    );
  }
  const config = loadCliConfig();
  if (!config.jwt.secret)
    throw new UsageError('JWT_SECRET is not set: tokens mint signs HS256 tokens with it');
  out(
    mintToken({
      secret: config.jwt.secret,
      userId: values['user-id'],
      expiresInSeconds,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
    }),
  );
}

async function withOutbox<T>(work: (outbox: KyselyOutboxRepository) => Promise<T>): Promise<T> {
  const config = loadCliConfig();
  const { database } = await openMigratedDatabase(config.databaseUrl, config.databaseStatementTimeoutMs);
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

async function listOutbox(args: string[]) {
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
  const entries = await withOutbox((outbox) =>
    outbox.list({ limit, ...(status ? { status } : {}), ...(kind ? { kind } : {}) }),
  );
  for (const entry of entries) {
    out(
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

async function retryOutbox(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { failed: { type: 'boolean', default: false } },
  });
  if (values.failed === positionals.length > 0) {
    throw new UsageError('outbox retry takes entry ids or --failed (one of the two)');
  }
  const retried = await withOutbox((outbox) =>
    outbox.retry(values.failed ? { failed: true } : { ids: positionals }),
  );
  out(JSON.stringify({ retried }));
}

async function run(argv: string[]) {
  const [command, subcommand, ...rest] = argv;
  if (command === 'migrate' && subcommand === undefined) return migrate();
  if (command === 'users' && subcommand === 'create') return createUser(rest);
  if (command === 'tokens' && subcommand === 'mint') return mint(rest);
  if (command === 'outbox' && rest.some((arg) => arg === '--help' || arg === '-h')) return out(USAGE);
  if (command === 'outbox' && subcommand === 'list') return listOutbox(rest);
  if (command === 'outbox' && subcommand === 'retry') return retryOutbox(rest);
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out(USAGE);
    return;
  }
  throw new UsageError(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const known =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`accounts: ${known ? message : `failed: ${message}`}\n`);
    process.exit(known ? 2 : 1);
  },
);
