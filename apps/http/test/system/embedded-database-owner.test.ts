import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '@accounts/adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/tokens.js';

// The embedded database through real processes: the built server and CLI, one data directory.
const ROOT = resolve(import.meta.dirname, '../../../..');
const MAIN = join(ROOT, 'apps/http/dist/main.js');
const CLI = join(ROOT, 'apps/http/dist/cli.js');
const JWT_SECRET = 'embedded-owner-test-secret-with-32-bytes-or-more';

let workDir: string;
let dataDir: string;
const servers: ChildProcess[] = [];

const env = () => ({
  PATH: process.env.PATH ?? '',
  JWT_SECRET,
  PORT: '0',
  ARGON2_MEMORY_COST: '1024',
  ARGON2_TIME_COST: '1',
});

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: workDir,
    env: env(),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const createUser = (email: string, ...extra: string[]) =>
  cli(['users', 'create', '--email', email, '--password', 'a long and real password', ...extra]);

type Server = {
  child: ChildProcess;
  base: string;
  stop: () => Promise<number | null>;
  /** Its standard output so far, line by line. */
  lines: string[];
};

/** `node apps/http/dist/main.js` in the work directory; resolves once it listens. */
function startServer(): Promise<Server> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: workDir,
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolveStart, rejectStart) => {
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    void exited.then((code) => rejectStart(new Error(`server exited with ${code}: ${stderr}`)));
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening?.[1]) resolveStart({ child, base: listening[1], stop, lines });
    });
  });
}

/** The server's process as a whole, for a second server that must not start. */
function runServerToExit() {
  const result = spawnSync(process.execPath, [MAIN], {
    cwd: workDir,
    env: env(),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

const bearer = (userId: string) => ({
  authorization: `Bearer ${mintToken({ secret: JWT_SECRET, userId, expiresInSeconds: 300 })}`,
});

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'accounts-owner-'));
  dataDir = join(workDir, '.data/pglite');
}, 120_000);

afterAll(() => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
});

describe('the embedded database has one owner', () => {
  it('refuses the CLI and a second server while the server runs, and loses nothing either wrote', async () => {
    const alice = createUser('alice@example.com', '--tier', 'enterprise');
    expect(alice.stderr).toBe('');
    const aliceId = (JSON.parse(alice.stdout) as { id: string }).id;

    const first = await startServer();
    const connected = await fetch(`${first.base}/api/user/custom-domain`, {
      method: 'POST',
      headers: { ...bearer(aliceId), 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'alice.example.com' }),
    });
    expect(connected.status).toBe(200);

    const refused = createUser('zed@example.com');
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `The embedded database in ${dataDir} is in use by process ${first.child.pid}`,
    );
    expect(refused.stderr).toContain('Stop that process (the server) first, or set DATABASE_URL');

    const secondServer = runServerToExit();
    expect(secondServer.status).toBe(1);
    expect(secondServer.stderr).toContain(`is in use by process ${first.child.pid}`);

    expect(await first.stop()).toBe(0);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const zed = createUser('zed@example.com');
    expect(zed.stderr).toBe('');
    expect(zed.status).toBe(0);
    const zedId = (JSON.parse(zed.stdout) as { id: string }).id;

    const restarted = await startServer();
    try {
      const aliceDomain = await fetch(`${restarted.base}/api/user/custom-domain`, {
        headers: bearer(aliceId),
      });
      expect(await aliceDomain.json()).toEqual({
        customDomain: 'alice.example.com',
        customDomainVerified: false,
        hasCustomDomain: true,
      });
      const zedRead = await fetch(`${restarted.base}/api/user/custom-domain`, { headers: bearer(zedId) });
      expect(zedRead.status).toBe(200);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }

    // After every process has closed it, both writes are still there.
    expect(createUser('zed@example.com').stderr).toContain('already exists');
    const database = await openDatabase(undefined, { dataDir });
    try {
      const users = await database.db.selectFrom('users').select(['id', 'email']).orderBy('email').execute();
      expect(users).toEqual([
        { id: aliceId, email: 'alice@example.com' },
        { id: zedId, email: 'zed@example.com' },
      ]);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('takes over a lock left by a process that no longer exists', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(`${dataDir}.lock`, `${gone.stdout}\n`);
    const created = createUser('after-crash@example.com');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);
});

describe("the built server's log", () => {
  it('has every line written before the process exits, the last one included', async () => {
    const server = await startServer();
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.base}/api/user/custom-domain`)).status).toBe(401);
    expect(await server.stop()).toBe(0);

    const messages = server.lines.map((line) => (JSON.parse(line) as { msg: string; route?: string }).msg);
    expect(messages.filter((msg) => msg === 'request completed')).toHaveLength(1); // /healthz logs at warn
    expect(messages.slice(-2)).toEqual(['Shutting down: finishing in-flight requests', 'Stopped']);
  });
});
