import { describe, expect, it } from 'vitest';
import { InMemoryWeightedCounter } from '../src/in-memory-weighted-counter.js';

describe('InMemoryWeightedCounter', () => {
  it('adds the weight within a window and starts over after it', () => {
    let now = 1_000;
    const counter = new InMemoryWeightedCounter(100, () => now);
    expect(counter.increment('a', 2, 1000)).toEqual({ current: 2, ttl: 1000 });
    now += 400;
    expect(counter.increment('a', 1, 1000)).toEqual({ current: 3, ttl: 600 });
    expect(counter.increment('b', 1, 1000)).toEqual({ current: 1, ttl: 1000 });
    now += 600;
    expect(counter.increment('a', 1, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('stays bounded when many clients appear', () => {
    const counter = new InMemoryWeightedCounter(3, () => 0);
    for (const key of ['a', 'b', 'c', 'd', 'e']) counter.increment(key, 1, 1000);
    expect(counter.increment('e', 1, 1000)).toEqual({ current: 2, ttl: 1000 });
    expect(counter.increment('a', 1, 1000)).toEqual({ current: 1, ttl: 1000 });
  });
});
