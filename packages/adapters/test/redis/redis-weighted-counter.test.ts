import { connectRedisWeightedCounter, RedisWeightedCounter, type RedisEvaluator } from '@accounts/adapters';
import { startTestRedis, testRedisAvailable, type TestRedis } from '@accounts/adapters/testing';
import type { Logger } from '@accounts/application';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Emulates what the Lua script does on Redis: INCRBY, and PEXPIRE when the key has no expiry. */
class FakeRedis implements RedisEvaluator {
  values = new Map<string, { value: number; expiresAt: number | null }>();
  constructor(public now = 0) {}

  eval(
    _script: string,
    _keys: number,
    key: string | number,
    weight: string | number,
    windowMs: string | number,
  ) {
    let entry = this.values.get(String(key));
    if (entry?.expiresAt !== null && entry !== undefined && entry.expiresAt <= this.now) entry = undefined;
    entry ??= { value: 0, expiresAt: null };
    entry.value += Number(weight);
    entry.expiresAt ??= this.now + Number(windowMs);
    this.values.set(String(key), entry);
    return Promise.resolve([entry.value, entry.expiresAt - this.now]);
  }
}

describe('RedisWeightedCounter', () => {
  it('sends the weight and window and reads the reply', async () => {
    const redis = new FakeRedis();
    const counter = new RedisWeightedCounter(redis, { prefix: 'test:' });
    expect(await counter.increment('1.2.3.4', 2, 60_000)).toEqual({ current: 2, ttl: 60_000 });
    redis.now = 10_000;
    expect(await counter.increment('1.2.3.4', 1, 60_000)).toEqual({ current: 3, ttl: 50_000 });
    expect([...redis.values.keys()]).toEqual(['test:1.2.3.4']);
  });

  it('fails loudly on an unexpected reply', async () => {
    const counter = new RedisWeightedCounter({ eval: () => Promise.resolve('OK') });
    await expect(counter.increment('k', 1, 1000)).rejects.toThrow(/Unexpected/);
  });
});

/** Keeps every warning the counter logs, and its info lines. */
function recordingLogger() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const infos: string[] = [];
  const logger: Logger = {
    info: (_details, message) => infos.push(message),
    warn: (details, message) => warnings.push({ details, message }),
    error: () => undefined,
  };
  return { logger, warnings, infos };
}

const OUTAGE = 'Rate-limit store unavailable: requests are let through uncounted until it is back';

describe('RedisWeightedCounter when Redis cannot count', () => {
  it('rejects, so route protection lets the request through, and logs the outage once', async () => {
    const { logger, warnings, infos } = recordingLogger();
    let down = true;
    const redis = new FakeRedis();
    const counter = new RedisWeightedCounter(
      {
        eval: (...args: Parameters<FakeRedis['eval']>) =>
          down ? Promise.reject(new Error('Connection is closed')) : redis.eval(...args),
      },
      { logger },
    );
    for (let i = 0; i < 3; i++) {
      await expect(counter.increment('k', 1, 1000)).rejects.toThrow('Connection is closed');
    }
    expect(warnings).toEqual([{ details: { reason: 'Connection is closed' }, message: OUTAGE }]);

    down = false;
    expect(await counter.increment('k', 1, 1000)).toMatchObject({ current: 1 });
    expect(infos).toEqual(['Rate-limit store available again: requests are counted']);
    down = true;
    await expect(counter.increment('k', 1, 1000)).rejects.toThrow();
    expect(warnings).toHaveLength(2);
  });

  it('fails at once while nothing listens at REDIS_URL, and closes', async () => {
    const { logger, warnings } = recordingLogger();
    const connection = await connectRedisWeightedCounter('redis://127.0.0.1:1', { logger });
    try {
      const started = performance.now();
      await expect(connection.counter.increment('k', 1, 1000)).rejects.toThrow();
      // At once: well before ioredis's own connect timeout (10 s), with room for a loaded machine.
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(warnings.map((warning) => warning.message)).toEqual([OUTAGE]);
    } finally {
      await connection.close();
    }
  });
});

/** The connection refuses commands until it is ready (no offline queue): wait for that. */
async function untilCounting(counter: RedisWeightedCounter) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await counter.increment('warm-up', 1, 1000).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The counter never reached Redis');
}

describe.runIf(testRedisAvailable())('RedisWeightedCounter on Redis', () => {
  let testRedis: TestRedis | undefined;
  let url: string;
  let redis: Redis;

  beforeAll(async () => {
    testRedis = await startTestRedis();
    ({ url, redis } = testRedis);
  });
  afterAll(() => testRedis?.close());

  it('runs the increment script: weight added, expiry set once', async () => {
    const counter = new RedisWeightedCounter(redis, { prefix: `test:${Date.now()}:` });
    const first = await counter.increment('client', 2, 5000);
    expect(first.current).toBe(2);
    expect(first.ttl).toBeGreaterThan(4000);
    const second = await counter.increment('client', 1, 5000);
    expect(second.current).toBe(3);
    expect(second.ttl).toBeLessThanOrEqual(first.ttl);
  });

  it('counts through its own connection to REDIS_URL', async () => {
    const { logger, warnings } = recordingLogger();
    const connection = await connectRedisWeightedCounter(url, { logger, prefix: `test:${Date.now()}:own:` });
    try {
      await untilCounting(connection.counter);
      warnings.length = 0;
      expect(await connection.counter.increment('client', 2, 5000)).toMatchObject({ current: 2 });
      expect(warnings).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
