import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { RedisWeightedCounter } from '@accounts/adapters';
import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from './support.js';

async function waitForPort(url: URL) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(url.port || 6379), url.hostname);
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.unref();
    }).catch(() => false);
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Redis did not start at ${url.href}`);
}

/** REDIS_URL when set; else a throw-away redis-server when the binary is installed; else skipped. */
const hasRedisServer = !process.env.REDIS_URL && spawnSync('redis-server', ['--version']).status === 0;
const available = Boolean(process.env.REDIS_URL) || hasRedisServer;

describe.runIf(available)('route protection shared through Redis', () => {
  let server: ChildProcess | null = null;
  let redis: Redis;

  beforeAll(async () => {
    let url = process.env.REDIS_URL;
    if (!url) {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      url = `redis://127.0.0.1:${port}`;
    }
    await waitForPort(new URL(url));
    redis = new Redis(url, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    // Unset when beforeAll failed part-way; what it did open is still closed.
    await (redis as Redis | undefined)?.quit();
    if (server?.pid) process.kill(server.pid);
  });

  it('two instances spend one budget per client', async () => {
    const prefix = `test:${Date.now()}:shared:`;
    const config = testConfig({ rateLimit: { max: 3, windowMs: 60_000 } });
    const build = () =>
      buildApp({
        useCases: createUseCases(createTestPorts()),
        config,
        rateLimitCounter: new RedisWeightedCounter(redis, { prefix }),
      });
    const [a, b] = await Promise.all([build(), build()]);
    expect((await a.inject({ method: 'GET', url: '/api/billing/portal' })).statusCode).toBe(401);
    expect((await b.inject({ method: 'GET', url: '/api/user/custom-domain' })).statusCode).toBe(401);
    const blocked = await a.inject({ method: 'GET', url: '/api/user/custom-domain' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    await Promise.all([a.close(), b.close()]);
  });

  it('lets requests through when the store fails', async () => {
    const app = await buildApp({
      useCases: createUseCases(createTestPorts()),
      config: testConfig({ rateLimit: { max: 1, windowMs: 60_000 } }),
      rateLimitCounter: { increment: () => Promise.reject(new Error('Connection is closed')) },
    });
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/user/custom-domain' })).statusCode).toBe(401);
    }
    await app.close();
  });
});
