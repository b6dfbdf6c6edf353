import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { connectRedisWeightedCounter, RedisWeightedCounter, type RedisEvaluator } from '@accounts/adapters';
import type { Logger } from '@accounts/application';
import { Redis } from 'ioredis';
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
    if (entry.expiresAt === null) entry.expiresAt = this.now + Number(windowMs);
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

/** Keeps every warning the counter logs. */
function recordingLogger() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (details, message) => warnings.push({ details, message }),
    error: () => undefined,
  };
  return { logger, warnings };
}

describe('RedisWeightedCounter when Redis cannot count', () => {
  it('logs the request as not counted and rejects, so route protection lets it through', async () => {
    const { logger, warnings } = recordingLogger();
    const counter = new RedisWeightedCounter(
      { eval: () => Promise.reject(new Error('Connection is closed')) },
      { logger },
    );
    await expect(counter.increment('k', 1, 1000)).rejects.toThrow('Connection is closed');
    expect(warnings).toEqual([
      {
        details: { reason: 'Connection is closed' },
        message: 'Rate-limit store unavailable; request not counted',
      },
    ]);
  });

  it('fails at once while nothing listens at REDIS_URL, and closes', async () => {
    const { logger, warnings } = recordingLogger();
    const connection = await connectRedisWeightedCounter('redis://127.0.0.1:1', { logger });
    try {
      const started = performance.now();
      await expect(connection.counter.increment('k', 1, 1000)).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(warnings.map((warning) => warning.message)).toContain(
        'Rate-limit store unavailable; request not counted',
      );
    } finally {
      await connection.close();
    }
  });
});

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

/** REDIS_URL when set; else a throw-away redis-server when the binary is installed; else skipped. */
const hasRedisServer = !process.env.REDIS_URL && spawnSync('redis-server', ['--version']).status === 0;
const available = Boolean(process.env.REDIS_URL) || hasRedisServer;

describe.runIf(available)('RedisWeightedCounter on Redis', () => {
  let server: ChildProcess | null = null;
  let url: string;
  let redis: Redis;

  beforeAll(async () => {
    url = process.env.REDIS_URL ?? '';
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
    await redis?.quit();
    if (server?.pid) process.kill(server.pid);
  });

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
