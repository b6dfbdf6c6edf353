import type { CounterState, WeightedCounter } from './plugins/rate-limit.js';

/** In-process counter; bounded so that a flood of addresses cannot grow it without end. */
export class InMemoryWeightedCounter implements WeightedCounter {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  constructor(
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  increment(key: string, weight: number, windowMs: number): CounterState {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (window) this.windows.delete(key);
      this.makeRoom(now);
      window = { current: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += weight;
    return { current: window.current, ttl: window.endsAt - now };
  }

  private makeRoom(now: number) {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full: drop the oldest windows (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
