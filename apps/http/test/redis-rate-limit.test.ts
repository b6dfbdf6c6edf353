import { RedisWeightedCounter } from '@accounts/adapters';
import { startTestRedis, testRedisAvailable, type TestRedis } from '@accounts/adapters/testing';
import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from './support.js';

describe.runIf(testRedisAvailable())('route protection shared through Redis', () => {
  let testRedis: TestRedis | undefined;
  let redis: Redis;

  beforeAll(async () => {
    testRedis = await startTestRedis();
    redis = testRedis.redis;
  });
  afterAll(() => testRedis?.close());

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
