import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { connectRedisWeightedCounter, type RedisCounterConnection } from '@accounts/adapters';
import { createUseCases, type Logger } from '@accounts/application';
import { createTestPorts, seedUser } from '@accounts/application/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { bearer, testConfig, tokenFor } from '../support.js';

const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/** A redis-server of this test's own (the shared one is never stopped), no persistence. */
function startRedisServer(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

async function stopRedisServer(server: ChildProcess) {
  const exited = once(server, 'exit');
  server.kill('SIGKILL');
  await exited;
}

async function until(condition: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const logger: Logger = {
    info: (_details, message) => lines.push({ level: 'info', message }),
    warn: (_details, message) => lines.push({ level: 'warn', message }),
    error: (_details, message) => lines.push({ level: 'error', message }),
  };
  return { logger, lines };
}

describe.runIf(redisInstalled)('route protection on Redis through an outage', () => {
  let server: ChildProcess | null = null;
  let connection: RedisCounterConnection | null = null;
  let app: App | null = null;
  afterAll(async () => {
    await app?.close();
    await connection?.close();
    if (server) await stopRedisServer(server);
  });

  it('lets requests through while Redis is down, logs the outage once, and counts again when it is back', async () => {
    const port = await freePort();
    server = startRedisServer(port);
    const { logger, lines } = recordingLogger();
    connection = await connectRedisWeightedCounter(`redis://127.0.0.1:${port}`, {
      logger,
      prefix: `test:${Date.now()}:outage:`,
    });
    const ports = createTestPorts();
    const useCases = createUseCases(ports, {
      failureLimit: { maxFailures: 3, windowMs: 60_000, maxAccountFailures: 100 },
    });
    app = await buildApp({
      useCases,
      config: testConfig({ rateLimit: { max: 4, windowMs: 60_000 } }),
      rateLimitCounter: connection.counter,
    });
    const user = seedUser(ports.db);
    const headers = bearer(tokenFor(user.id));
    const read = () => app!.inject({ method: 'GET', url: '/api/user/custom-domain', headers });
    const remaining = async () => Number((await read()).headers['x-ratelimit-remaining']);

    // Counting: the connection is ready once a request spends a unit.
    await until(async () => (await remaining()) < 4, 'Redis counts');
    // What the start logged (the server may have come up after the first request) is not the outage.
    lines.length = 0;

    await stopRedisServer(server);
    server = null;
    // Down: far more requests than the budget, none refused, none counted.
    for (let i = 0; i < 10; i++) {
      const response = await read();
      expect(response.statusCode).not.toBe(429);
      expect(response.headers['x-ratelimit-remaining']).toBe('4');
    }
    // The failure limit lives elsewhere and still locks.
    const disable = () =>
      app!.inject({
        method: 'POST',
        url: '/api/auth/disable-account',
        headers,
        payload: { password: 'not the password' },
      });
    const refusals = [];
    for (let i = 0; i < 4; i++) refusals.push((await disable()).json<{ code: string }>().code);
    expect(refusals.at(-1)).toBe('TOO_MANY_ATTEMPTS');
    const outage = lines.filter((line) => line.level === 'warn');
    expect(outage).toEqual([
      {
        level: 'warn',
        message: 'Rate-limit store unavailable: requests are let through uncounted until it is back',
      },
    ]);

    // Back on the same port: counting resumes without a restart, and the budget runs out again.
    server = startRedisServer(port);
    await until(async () => (await remaining()) < 4, 'Redis counts again');
    let last = await read();
    for (let i = 0; i < 5 && last.statusCode !== 429; i++) last = await read();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(lines.filter((line) => line.level === 'info').map((line) => line.message)).toEqual([
      'Rate-limit store available again: requests are counted',
    ]);
  });
});
