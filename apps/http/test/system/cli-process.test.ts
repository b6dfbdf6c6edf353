import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, TEST_SECRET } from '../support.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
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

// The bin and the server as `pnpm build` made them: the system tier builds once before it starts.
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'accounts-cli-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

// The built bin in a process of its own, as an operator runs it: what only a process shows (exit
// statuses, a password piped into standard input, the usage on the right stream). Every command's
// behaviour is tested in-process in test/cli/commands.test.ts.
describe('accounts CLI in a process', () => {
  it('exits 0 after a command, with its output on stdout', () => {
    const first = cli(['migrate']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/001\S*\tapplied now/);
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

  it('prints the usage to stderr with status 2 for no command, and to stdout with 0 for --help', () => {
    const none = cli([]);
    expect(none.status).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: accounts <command>');
    expect(none.stderr).toContain('users create --email E [--password P]');
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toContain('Usage: accounts <command>');
  });

  it('exits 2 for an unknown command or a bad configuration value, and 1 when a command fails', () => {
    const unknown = cli(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    const badConfig = cli(['migrate'], { DATABASE_URL: 'mysql://x' });
    expect(badConfig.status).toBe(2);
    expect(badConfig.stderr).toContain('DATABASE_URL');
    // Nothing listens on port 1: the command runs and fails.
    const failed = cli(['migrate'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('accounts migrate failed');
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
