import {
  Argon2PasswordHasher,
  IN_MEMORY_URL,
  KyselyOutboxRepository,
  openDatabase,
  type DatabaseHandle,
} from '@accounts/adapters';
import { createTestDatabase, type TestDatabase } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { TEST_ARGON2 } from '../real-service.js';
import { bearer, createTestApp, TEST_SECRET } from '../support.js';
import { runCommand } from './run-command.js';

// The CLI's commands as the bin runs them (runCli, COMMANDS), in this process: the environment,
// standard input and the database are handed over instead of read from the process. A few runs
// of the built bin in a process of its own are in test/system/cli-process.test.ts.
const BASE_ENV = { ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1' };

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

type Run = { env?: Record<string, string>; input?: string; on?: DatabaseHandle };

/** Runs `accounts <args>` on the file's database unless `on` names another. */
const cli = (args: string[], { env = {}, input = '', on = database }: Run = {}) =>
  runCommand(args, { env: { ...BASE_ENV, ...env }, input, database: on });

/** `accounts users create --email <email> --password 'long enough' <more>`. */
const createUser = (email: string, ...more: string[]) =>
  cli(['users', 'create', '--email', email, '--password', 'long enough', ...more]);

describe('accounts CLI, in-process', () => {
  // Every migration on a fresh embedded database (initdb included): minutes on a loaded machine.
  it('migrate applies the migrations once and lists them', { timeout: 300_000 }, async () => {
    const fresh = await openDatabase(IN_MEMORY_URL);
    try {
      const first = await cli(['migrate'], { on: fresh });
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/001\S*\tapplied now/);
      const second = await cli(['migrate'], { on: fresh });
      expect(second.status).toBe(0);
      expect(second.stdout).toMatch(/001\S*\talready applied/);
      expect(second.stdout).toContain('No pending migrations.');
    } finally {
      await fresh.close();
    }
  });

  it('users create prints one JSON line and, with --tier, creates the DROP entitlement', async () => {
    const created = await cli([
      'users',
      'create',
      '--email',
      'ops@example.com',
      '--password',
      'a strong password',
      '--display-name',
      'Ops',
      '--tier',
      'enterprise',
      '--billing-customer-id',
      'cus_9',
      '--billing-subscription-id',
      'sub_9',
    ]);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const lines = created.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const user = JSON.parse(lines[0] ?? '') as { id: string; email: string };
    expect(user).toEqual({ id: expect.any(String) as string, email: 'ops@example.com' });

    const duplicate = await createUser('ops@example.com');
    expect(duplicate.status).not.toBe(0);
    expect(duplicate.stderr).toContain('already exists');
    const caseVariant = await createUser('OPS@Example.COM');
    expect(caseVariant.status).not.toBe(0);
    expect(caseVariant.stdout).toBe('');
    expect(caseVariant.stderr).toContain('A user with the email OPS@Example.COM already exists');

    const row = await database.db
      .selectFrom('users')
      .innerJoin('service_access', 'service_access.user_id', 'users.id')
      .select([
        'users.password_hash',
        'users.display_name',
        'service_access.tier',
        'service_access.billing_customer_id',
        'service_access.billing_subscription_id',
      ])
      .where('users.id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      password_hash: expect.stringMatching(/^\$argon2id\$/) as string,
      display_name: 'Ops',
      tier: 'enterprise',
      billing_customer_id: 'cus_9',
      billing_subscription_id: 'sub_9',
    });
  });

  it('users create reads the password from standard input when --password is not given', async () => {
    const created = await cli(['users', 'create', '--email', 'stdin@example.com'], {
      input: 'a password from stdin\n',
    });
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'stdin@example.com' });
    // The line ending is not part of the password.
    const hash = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'stdin@example.com')
      .executeTakeFirstOrThrow();
    const hasher = new Argon2PasswordHasher(TEST_ARGON2);
    expect(await hasher.verify(hash.password_hash ?? '', 'a password from stdin')).toBe(true);

    const none = await cli(['users', 'create', '--email', 'nobody@example.com']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('must give the password');
    expect(none.stdout).toBe('');
  });

  it('users create refuses a bad email and billing ids without a tier', async () => {
    expect((await cli(['users', 'create', '--email', 'nope', '--password', 'x'])).stderr).toContain(
      '--email',
    );
    const noTier = await createUser('a@example.com', '--billing-customer-id', 'c');
    expect(noTier.status).not.toBe(0);
    expect(noTier.stderr).toContain('--tier');
  });

  it('tokens mint signs a token the app accepts', async () => {
    const minted = await cli(['tokens', 'mint', '--user-id', 'user-42', '--expires-in', '15m'], {
      env: { JWT_SECRET: TEST_SECRET },
    });
    expect(minted.status).toBe(0);
    const token = minted.stdout.trim();
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      number
    >;
    expect(payload.exp! - payload.iat!).toBe(900);
    const t = await createTestApp();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      headers: bearer(token),
    });
    // Accepted: past authentication (a refused token is 401), to the missing user's 404.
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('users create refuses a password shorter than 8 characters, and creates nothing', async () => {
    const short = await cli(['users', 'create', '--email', 'short@example.com', '--password', '1234567']);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('--password must be at least 8 characters');
    // Eight characters, counted as characters: "é" is two bytes.
    const eight = await cli(['users', 'create', '--email', 'short@example.com', '--password', 'ééééééé1']);
    expect(eight.stderr).toBe('');
    expect(eight.status).toBe(0);
  });

  it('users create takes only tiers the service can match: lowercase letters, digits and "-"', async () => {
    const withTier = (tier: string) => createUser('tier1@example.com', '--tier', tier);
    const capital = await withTier('Enterprise');
    expect(capital.status).toBe(2);
    expect(capital.stderr).toContain('--tier must be lowercase letters, digits and "-"');
    expect(capital.stderr).toContain('did you mean "enterprise"?');
    for (const bad of ['enterprise plan', '-pro', 'pro_2', '']) {
      expect((await withTier(bad)).status).toBe(2);
    }
    expect((await withTier('pro-2')).status).toBe(0);
  });

  it('tokens mint needs JWT_SECRET outside dev mode, and a valid duration', async () => {
    const noSecret = await cli(['tokens', 'mint', '--user-id', 'u'], {
      env: { DATABASE_URL: IN_MEMORY_URL },
    });
    expect(noSecret.status).not.toBe(0);
    expect(noSecret.stderr).toContain('JWT_SECRET');
    const badDuration = await cli(['tokens', 'mint', '--user-id', 'u', '--expires-in', 'soon'], {
      env: { JWT_SECRET: TEST_SECRET },
    });
    expect(badDuration.status).not.toBe(0);
    expect(badDuration.stderr).toContain('--expires-in');
  });

  it('answers --help for every command with its usage, and runs nothing', async () => {
    for (const command of COMMANDS) {
      const help = await cli([...command.name, '--help']);
      expect(help.stderr).toBe('');
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: accounts ${command.name.join(' ')}\\b`));
      expect(help.stdout).toContain(command.summary);
    }
    const full = await cli(['--help']);
    expect(full.status).toBe(0);
    for (const command of COMMANDS) expect(full.stdout).toContain(command.name.join(' '));
  });

  it('reports unknown commands and options on stderr with a non-zero exit', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    expect(unknown.stderr).toContain('Usage: accounts <command>');
    const badOption = await cli(['tokens', 'mint', '--user', 'u'], { env: { JWT_SECRET: TEST_SECRET } });
    expect(badOption.status).not.toBe(0);
    expect(badOption.stdout).toBe('');
  });

  it('reports a bad configuration value by name', async () => {
    const result = await cli(['migrate'], { env: { DATABASE_URL: 'mysql://x' } });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});

describe('accounts outbox, in-process', () => {
  /** Entries written straight into the database the commands are given. */
  async function seedOutbox() {
    const outbox = new KyselyOutboxRepository(database.db);
    const failed = await outbox.enqueue({
      kind: 'billing.cancel',
      userId: 'u-1',
      payload: { subscriptionId: 'sub_1', mode: 'immediately' },
    });
    await outbox.record(failed.id, { status: 'failed', error: 'HTTP 401' });
    const pending = await outbox.enqueue({
      kind: 'webhook',
      userId: 'u-1',
      payload: { type: 'user.deleted', timestamp: new Date().toISOString(), data: { userId: 'u-1' } },
    });
    return { failed: failed.id, pending: pending.id };
  }

  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('says on stderr when no entry matches, and prints nothing on stdout', async () => {
    const none = await cli(['outbox', 'list', '--status', 'done']);
    expect(none.status).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('No outbox entries match.\n');
  });

  it('lists entries, newest first, one JSON line each, filtered by status and kind', async () => {
    const seeded = await seedOutbox();

    const all = await cli(['outbox', 'list']);
    expect(all.stderr).toBe('');
    expect(all.status).toBe(0);
    const entries = lines(all.stdout);
    expect(entries.slice(0, 2)).toEqual([
      {
        id: seeded.pending,
        kind: 'webhook',
        userId: 'u-1',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: expect.any(String) as string,
        lastError: null,
        createdAt: expect.any(String) as string,
      },
      expect.objectContaining({
        id: seeded.failed,
        kind: 'billing.cancel',
        status: 'failed',
        attempts: 1,
        lastError: 'HTTP 401',
      }),
    ]);
    const failed = lines(
      (await cli(['outbox', 'list', '--status', 'failed', '--kind', 'billing.cancel'])).stdout,
    );
    expect(failed.map((e) => e.id)).toContain(seeded.failed);
    expect(failed.every((e) => e.status === 'failed' && e.kind === 'billing.cancel')).toBe(true);
    expect(lines((await cli(['outbox', 'list', '--limit', '1'])).stdout)).toHaveLength(1);
  });

  it('retry makes failed entries, or the given ones, pending and due now, and says how many', async () => {
    const seeded = await seedOutbox();

    const failed = await cli(['outbox', 'retry', '--failed']);
    expect(failed.status).toBe(0);
    expect(JSON.parse(failed.stdout) as unknown).toEqual({ retried: expect.any(Number) as number });
    expect(lines((await cli(['outbox', 'list', '--status', 'failed'])).stdout)).toEqual([]);

    const byId = await cli(['outbox', 'retry', seeded.failed, 'no-such-entry']);
    expect(JSON.parse(byId.stdout) as unknown).toEqual({ retried: 1 });
    const [entry] = lines((await cli(['outbox', 'list', '--limit', '10'])).stdout).filter(
      (e) => e.id === seeded.failed,
    );
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(String(entry?.nextAttemptAt))).toBeLessThanOrEqual(Date.now());
  });

  it('refuses bad arguments with the usage on stderr and a non-zero exit', async () => {
    for (const args of [
      ['outbox', 'list', '--status', 'lost'],
      ['outbox', 'list', '--kind', 'email'],
      ['outbox', 'list', '--limit', '0'],
      ['outbox', 'retry'],
      ['outbox', 'retry', 'id-1', '--failed'],
    ]) {
      const result = await cli(args);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).not.toBe('');
      expect(result.stdout).toBe('');
    }
    const help = await cli(['outbox', 'list', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('outbox retry ID... | --failed');
  });

  it('leaves the database it was given open', async () => {
    expect((await cli(['outbox', 'list'])).status).toBe(0);
    await database.ping();
  });
});
