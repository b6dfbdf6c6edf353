import { describe, expect, it } from 'vitest';
import {
  InMemoryWeightedCounter,
  RedisWeightedCounter,
  type RedisEvaluator,
} from '../src/plugins/rate-limit.js';

describe('InMemoryWeightedCounter', () => {
  it('adds the weight within a window and starts over after it', async () => {
    let now = 1_000;
    const counter = new InMemoryWeightedCounter(100, () => now);
    expect(await counter.increment('a', 2, 1000)).toEqual({ current: 2, ttl: 1000 });
    now += 400;
    expect(await counter.increment('a', 1, 1000)).toEqual({ current: 3, ttl: 600 });
    expect(await counter.increment('b', 1, 1000)).toEqual({ current: 1, ttl: 1000 });
    now += 600;
    expect(await counter.increment('a', 1, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('stays bounded when many clients appear', async () => {
    const counter = new InMemoryWeightedCounter(3, () => 0);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await counter.increment(key, 1, 1000);
    expect(await counter.increment('e', 1, 1000)).toEqual({ current: 2, ttl: 1000 });
    expect(await counter.increment('a', 1, 1000)).toEqual({ current: 1, ttl: 1000 });
  });
});

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
    const counter = new RedisWeightedCounter(redis, 'test:');
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
