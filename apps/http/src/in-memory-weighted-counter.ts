import { LRUCache } from 'lru-cache';
import type { CounterState, WeightedCounter } from './plugins/rate-limit.js';

type Window = { current: number; endsAt: number };

/** In-process counter; its clients' windows are an LRU cache, so a flood of addresses cannot grow it without end. */
export class InMemoryWeightedCounter implements WeightedCounter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache<string, Window>({ max: maxKeys });
  }

  increment(key: string, weight: number, windowMs: number): CounterState {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += weight;
    return { current: window.current, ttl: window.endsAt - now };
  }
}
