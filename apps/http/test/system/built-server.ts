import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { seedUser, type TestDatabase } from '@accounts/adapters/testing';
import { mintToken } from '../../src/tokens.js';
import { REAL_JWT_SECRET, TEST_ARGON2 } from '../real-service.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const MAIN = join(ROOT, 'apps/http/dist/main.js');
const BUILT_PASSWORD = 'a long and real password';

export type BuiltServer = {
  child: ChildProcess;
  base: string;
  /** The exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
};

/** The built server in a process of its own on `databaseUrl`, with cheap argon2; resolves once it listens. */
export async function startBuiltServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  // Route protection is per address, and every test client is 127.0.0.1: high enough not to answer 429.
  return spawnBuiltServer(ROOT, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: REAL_JWT_SECRET,
    ARGON2_MEMORY_COST: String(TEST_ARGON2.memoryCost),
    ARGON2_TIME_COST: String(TEST_ARGON2.timeCost),
    RATE_LIMIT_MAX: '1000000',
    ...env,
  });
}

/**
 * dist/main.js in a process of its own in `cwd`, with nothing of this process's environment but
 * PATH (port 0, logging at info) and `env`; resolves once it listens.
 */
export async function spawnBuiltServer(cwd: string, env: Record<string, string>): Promise<BuiltServer> {
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, base, exited, output: () => output };
}

/**
 * `count` processes that each keep a CPU busy (a loop that never yields) until `stop`: other
 * work on the machine, beside the server under test.
 */
export function busyCpus(count: number): { running: () => boolean; stop: () => Promise<void> } {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const exits = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  return {
    running: () => children.every((child) => child.exitCode === null && child.signalCode === null),
    stop: async () => {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(exits);
    },
  };
}

export async function stopBuiltServer(
  server: BuiltServer,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** The log lines of a server's output that are JSON, parsed. */
export function logEntries(output: string): { level: number; msg: string; [key: string]: unknown }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

export type LoadUser = { id: string; token: string };

/** `count` users with BUILT_PASSWORD (cheap hash) and a token each. */
export async function seedLoadUsers(
  database: TestDatabase,
  count: number,
  prefix: string,
  argon2: { memoryCost: number; timeCost: number; parallelism: number } = TEST_ARGON2,
): Promise<LoadUser[]> {
  // A check costs what the stored hash says, whatever the server's own hashing cost.
  const passwordHash = await new Argon2PasswordHasher(argon2).hash(BUILT_PASSWORD);
  const users: LoadUser[] = [];
  for (let index = 0; index < count; index++) {
    const { id } = await seedUser(database.db, { email: `${prefix}-${index}@example.com`, passwordHash });
    users.push({ id, token: mintToken({ secret: REAL_JWT_SECRET, userId: id, expiresInSeconds: 3600 }) });
  }
  return users;
}

/** One answer the load client recorded: a status and body, or the connection error's code. */
export type Answer = {
  op: string;
  userId: string;
  base: string;
  startedAt: number;
  ms: number;
  status: number | null;
  body: string;
  error: string | null;
  /** The x-request-id it was sent with (the server's request line logs it as reqId). */
  id: string;
};

let requestCounter = 0;

/** Sends one request and records how it ended, whatever that was. */
export async function record(
  base: string,
  op: { name: string; method: string; path: string; body?: unknown },
  user: LoadUser,
  timeoutMs = 30_000,
): Promise<Answer> {
  const startedAt = Date.now();
  const id = `load-${++requestCounter}`;
  try {
    const response = await fetch(`${base}${op.path}`, {
      method: op.method,
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-request-id': id,
        ...(op.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(op.body === undefined ? {} : { body: JSON.stringify(op.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    return {
      op: op.name,
      userId: user.id,
      base,
      startedAt,
      ms: Date.now() - startedAt,
      status: response.status,
      body,
      error: null,
      id,
    };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.name) : String(cause);
    return {
      op: op.name,
      userId: user.id,
      base,
      startedAt,
      ms: Date.now() - startedAt,
      status: null,
      body: '',
      error: code,
      id,
    };
  }
}

/**
 * As `record`, on a connection of its own that closes after the answer (no keep-alive): a
 * connection error then means the server refused or dropped this very request.
 */
export function recordFresh(
  base: string,
  op: { name: string; method: string; path: string; body?: unknown },
  user: LoadUser,
  timeoutMs = 30_000,
): Promise<Answer> {
  const startedAt = Date.now();
  const payload = op.body === undefined ? null : JSON.stringify(op.body);
  const id = `load-${++requestCounter}`;
  return new Promise((resolve) => {
    const done = (status: number | null, body: string, error: string | null) =>
      resolve({
        op: op.name,
        userId: user.id,
        base,
        startedAt,
        ms: Date.now() - startedAt,
        status,
        body,
        error,
        id,
      });
    const request = httpRequest(
      `${base}${op.path}`,
      {
        method: op.method,
        agent: false,
        timeout: timeoutMs,
        headers: {
          authorization: `Bearer ${user.token}`,
          'x-request-id': id,
          ...(payload === null ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done(response.statusCode ?? null, body, null));
        response.on('error', (error: NodeJS.ErrnoException) => done(null, body, error.code ?? error.message));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => done(null, '', error.code ?? error.message));
    request.end(payload ?? undefined);
  });
}

/** The password-checked state changes a load alternates: disable, then enable (both audited). */
export const DISABLE = {
  name: 'disable',
  method: 'POST',
  path: '/api/auth/disable-account',
  body: { password: BUILT_PASSWORD },
};
export const ENABLE = {
  name: 'enable',
  method: 'DELETE',
  path: '/api/auth/disable-account',
  body: { password: BUILT_PASSWORD },
};
export const READ = { name: 'read', method: 'GET', path: '/api/user/custom-domain' };
