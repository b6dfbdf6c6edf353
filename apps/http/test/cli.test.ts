import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KyselyOutboxRepository, openDatabase } from '@accounts/adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands/index.js';
import { bearer, createTestApp, TEST_SECRET } from './support.js';
import { buildServer } from './built-server.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'apps/http/dist/cli.js');
const SERVER = join(ROOT, 'apps/http/dist/main.js');
const BASE_ENV = { PATH: process.env.PATH ?? '', ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1' };

/** The CLI as an operator runs it: the compiled bin, in its own process, in its own directory. */
function cli(args: string[], env: Record<string, string> = {}, cwd = workDir) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    env: { ...BASE_ENV, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let workDir: string;

beforeAll(() => {
  // The bin and the server as `pnpm build` makes them.
  buildServer();
  workDir = mkdtempSync(join(tmpdir(), 'accounts-cli-'));
}, 120_000);

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('accounts CLI', () => {
  it('migrate applies the migrations once and lists them', () => {
    const first = cli(['migrate']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/001\S*\tapplied now/);
    const second = cli(['migrate']);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/001\S*\talready applied/);
    expect(second.stdout).toContain('No pending migrations.');
  });

  it('users create prints one JSON line and, with --tier, creates the DROP entitlement', async () => {
    const created = cli([
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

    const duplicate = cli(['users', 'create', '--email', 'ops@example.com', '--password', 'long enough']);
    expect(duplicate.status).not.toBe(0);
    expect(duplicate.stderr).toContain('already exists');
    const caseVariant = cli(['users', 'create', '--email', 'OPS@Example.COM', '--password', 'long enough']);
    expect(caseVariant.status).not.toBe(0);
    expect(caseVariant.stdout).toBe('');
    expect(caseVariant.stderr).toContain('A user with the email OPS@Example.COM already exists');

    const database = await openDatabase(undefined, { dataDir: join(workDir, '.data/pglite') });
    try {
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
    } finally {
      await database.close();
    }
  });

  it('users create reads the password from standard input when --password is not given', () => {
    const run = (input: string, email: string) =>
      spawnSync(process.execPath, [CLI, 'users', 'create', '--email', email], {
        cwd: workDir,
        env: BASE_ENV,
        input,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const created = run('a password from stdin\n', 'stdin@example.com');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'stdin@example.com' });

    const none = run('', 'nobody@example.com');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('must give the password');
    expect(none.stdout).toBe('');
  });

  it('users create refuses a bad email and billing ids without a tier', () => {
    expect(cli(['users', 'create', '--email', 'nope', '--password', 'x']).stderr).toContain('--email');
    const noTier = cli([
      'users',
      'create',
      '--email',
      'a@example.com',
      '--password',
      'long enough',
      '--billing-customer-id',
      'c',
    ]);
    expect(noTier.status).not.toBe(0);
    expect(noTier.stderr).toContain('--tier');
  });

  it('tokens mint signs a token the app accepts', async () => {
    const minted = cli(['tokens', 'mint', '--user-id', 'user-42', '--expires-in', '15m'], {
      JWT_SECRET: TEST_SECRET,
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

  it('users create refuses a password shorter than 8 characters, and creates nothing', () => {
    const short = cli(['users', 'create', '--email', 'short@example.com', '--password', '1234567']);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('--password must be at least 8 characters');
    // Eight characters, counted as characters: "é" is two bytes.
    const eight = cli(['users', 'create', '--email', 'short@example.com', '--password', 'ééééééé1']);
    expect(eight.stderr).toBe('');
    expect(eight.status).toBe(0);
  });

  it('users create takes only tiers the service can match: lowercase letters, digits and "-"', () => {
    const args = (email: string, tier: string) => [
      'users',
      'create',
      '--email',
      email,
      '--password',
      'long enough',
      '--tier',
      tier,
    ];
    const capital = cli(args('tier1@example.com', 'Enterprise'));
    expect(capital.status).toBe(2);
    expect(capital.stderr).toContain('--tier must be lowercase letters, digits and "-"');
    expect(capital.stderr).toContain('did you mean "enterprise"?');
    for (const bad of ['enterprise plan', '-pro', 'pro_2', '']) {
      expect(cli(args('tier1@example.com', bad)).status).toBe(2);
    }
    expect(cli(args('tier1@example.com', 'pro-2')).status).toBe(0);
  });

  it('tokens mint needs JWT_SECRET outside dev mode, and a valid duration', () => {
    const noSecret = cli(['tokens', 'mint', '--user-id', 'u'], { DATABASE_URL: 'pglite://memory' });
    expect(noSecret.status).not.toBe(0);
    expect(noSecret.stderr).toContain('JWT_SECRET');
    const badDuration = cli(['tokens', 'mint', '--user-id', 'u', '--expires-in', 'soon'], {
      JWT_SECRET: TEST_SECRET,
    });
    expect(badDuration.status).not.toBe(0);
    expect(badDuration.stderr).toContain('--expires-in');
  });

  it('answers --help for every command with its usage, and runs nothing', () => {
    for (const command of COMMANDS) {
      const help = cli([...command.name, '--help']);
      expect(help.stderr).toBe('');
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: accounts ${command.name.join(' ')}\\b`));
      expect(help.stdout).toContain(command.summary);
    }
    const full = cli(['--help']);
    expect(full.status).toBe(0);
    for (const command of COMMANDS) expect(full.stdout).toContain(command.name.join(' '));
  });

  it('prints the usage to stderr with status 2 for no command', () => {
    const none = cli([]);
    expect(none.status).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: accounts <command>');
    expect(none.stderr).toContain('users create --email E [--password P]');
  });

  it('reports unknown commands and options on stderr with a non-zero exit', () => {
    const unknown = cli(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    expect(unknown.stderr).toContain('Usage: accounts <command>');
    const badOption = cli(['tokens', 'mint', '--user', 'u'], { JWT_SECRET: TEST_SECRET });
    expect(badOption.status).not.toBe(0);
    expect(badOption.stdout).toBe('');
  });

  it('reports a bad configuration value by name', () => {
    const result = cli(['migrate'], { DATABASE_URL: 'mysql://x' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});

type DevServer = { process: ChildProcess; exportLine: string; curlLine: string; api: string };

/** `pnpm start` with nothing configured (dev mode), in `cwd`, on a free port; resolves once it printed its login. */
function startDevServer(cwd: string): Promise<DevServer> {
  const server = spawn(process.execPath, [SERVER], {
    cwd,
    env: { ...BASE_ENV, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      const exportLine = lines.find((line) => line.startsWith('export TOKEN='));
      const curlLine = lines.find((line) => line.startsWith('curl '));
      const api = /\bAPI=(\S+)/.exec(exportLine ?? '')?.[1];
      if (exportLine && curlLine && api) resolve({ process: server, exportLine, curlLine, api });
    });
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`the dev server exited (${code}):\n${output}`)));
  });
}

function stop(server: DevServer): Promise<void> {
  return new Promise((resolve) => {
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
}

describe('dev mode: the dev server and the CLI share one secret', () => {
  let devDir: string;
  let running: DevServer | null = null;
  beforeAll(() => {
    devDir = mkdtempSync(join(tmpdir(), 'accounts-dev-'));
  });
  afterAll(async () => {
    if (running) await stop(running);
    rmSync(devDir, { recursive: true, force: true });
  });

  const getDomain = (api: string, token: string) =>
    fetch(`${api}/api/user/custom-domain`, { headers: bearer(token) });

  it('prints lines that work pasted into a shell, and accepts tokens minted by the CLI across restarts', async () => {
    running = await startDevServer(devDir);
    expect(running.exportLine).toMatch(
      /^export TOKEN=[\w.-]+ PASSWORD=[\w-]+ API=http:\/\/127\.0\.0\.1:\d+$/,
    );

    const pasted = spawnSync('bash', ['-c', `${running.exportLine}\n${running.curlLine} -s`], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(pasted.status).toBe(0);
    expect(JSON.parse(pasted.stdout)).toMatchObject({ hasCustomDomain: false });

    const secretFile = join(devDir, '.data/dev-jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, 'utf8');

    const minted = cli(['tokens', 'mint', '--user-id', 'demo-user'], {}, devDir);
    expect(minted.stderr).toBe('');
    expect(minted.status).toBe(0);
    const token = minted.stdout.trim();
    expect((await getDomain(running.api, token)).status).toBe(200);

    await stop(running);
    running = await startDevServer(devDir);
    expect(readFileSync(secretFile, 'utf8')).toBe(secret);
    expect((await getDomain(running.api, token)).status).toBe(200);
    // A token for another secret is still refused: the server checks signatures.
    const foreign = cli(['tokens', 'mint', '--user-id', 'demo-user'], { JWT_SECRET: TEST_SECRET }, devDir);
    expect((await getDomain(running.api, foreign.stdout.trim())).status).toBe(401);
  }, 180_000);

  it('tokens mint makes the secret file when no dev server ran yet, and the server then uses it', async () => {
    const freshDir = mkdtempSync(join(tmpdir(), 'accounts-dev-'));
    try {
      const minted = cli(['tokens', 'mint', '--user-id', 'demo-user'], {}, freshDir);
      expect(minted.status).toBe(0);
      expect(statSync(join(freshDir, '.data/dev-jwt-secret')).mode & 0o777).toBe(0o600);
      const server = await startDevServer(freshDir);
      try {
        expect((await getDomain(server.api, minted.stdout.trim())).status).toBe(200);
      } finally {
        await stop(server);
      }
    } finally {
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('accounts outbox', () => {
  /** Entries written straight into the CLI's embedded database (the CLI holds it only while it runs). */
  async function seedOutbox() {
    expect(cli(['migrate']).status).toBe(0);
    const database = await openDatabase(undefined, { dataDir: join(workDir, '.data/pglite') });
    try {
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
      return { failed: failed.id, pending: pending.id, outbox, close: () => database.close() };
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('says on stderr when no entry matches, and prints nothing on stdout', () => {
    expect(cli(['migrate']).status).toBe(0);
    const none = cli(['outbox', 'list', '--status', 'done']);
    expect(none.status).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('No outbox entries match.\n');
  });

  it('lists entries, newest first, one JSON line each, filtered by status and kind', async () => {
    const seeded = await seedOutbox();
    await seeded.close();

    const all = cli(['outbox', 'list']);
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
    const failed = lines(cli(['outbox', 'list', '--status', 'failed', '--kind', 'billing.cancel']).stdout);
    expect(failed.map((e) => e.id)).toContain(seeded.failed);
    expect(failed.every((e) => e.status === 'failed' && e.kind === 'billing.cancel')).toBe(true);
    expect(lines(cli(['outbox', 'list', '--limit', '1']).stdout)).toHaveLength(1);
  }, 120_000);

  it('retry makes failed entries, or the given ones, pending and due now, and says how many', async () => {
    const seeded = await seedOutbox();
    await seeded.close();

    const failed = cli(['outbox', 'retry', '--failed']);
    expect(failed.status).toBe(0);
    expect(JSON.parse(failed.stdout) as unknown).toEqual({ retried: expect.any(Number) as number });
    expect(lines(cli(['outbox', 'list', '--status', 'failed']).stdout)).toEqual([]);

    const byId = cli(['outbox', 'retry', seeded.failed, 'no-such-entry']);
    expect(JSON.parse(byId.stdout) as unknown).toEqual({ retried: 1 });
    const [entry] = lines(cli(['outbox', 'list', '--limit', '10']).stdout).filter(
      (e) => e.id === seeded.failed,
    );
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(String(entry?.nextAttemptAt))).toBeLessThanOrEqual(Date.now());
  }, 120_000);

  it('refuses bad arguments with the usage on stderr and a non-zero exit', () => {
    for (const args of [
      ['outbox', 'list', '--status', 'lost'],
      ['outbox', 'list', '--kind', 'email'],
      ['outbox', 'list', '--limit', '0'],
      ['outbox', 'retry'],
      ['outbox', 'retry', 'id-1', '--failed'],
    ]) {
      const result = cli(args);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).not.toBe('');
      expect(result.stdout).toBe('');
    }
    const help = cli(['outbox', 'list', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('outbox retry ID... | --failed');
  }, 120_000);
});
