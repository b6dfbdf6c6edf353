import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LOOP_SAMPLE_MS, registerEventLoopDelay } from '../src/observability/event-loop-delay.js';
import { parsePrometheusText, valueOf } from './prometheus-text.js';

async function scrape(registry: Registry) {
  const samples = parsePrometheusText(await registry.metrics());
  return (statistic: string) => valueOf(samples, `accounts_event_loop_delay_${statistic}_seconds`);
}

// On fake timers and a clock the test moves: each sample is exactly as late as the test makes it,
// however busy the machine is.
describe('event-loop delay series', () => {
  let ms = 0;
  /** `count` samples, each `lateMs` after its due time. */
  const samples = (count: number, lateMs = 0) => {
    for (let i = 0; i < count; i++) {
      ms += EVENT_LOOP_SAMPLE_MS + lateMs;
      vi.advanceTimersByTime(EVENT_LOOP_SAMPLE_MS);
    }
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('report the delay without the sampling interval, only since the last scrape, and a stall that spans a scrape', async () => {
    const registry = new Registry();
    const monitor = registerEventLoopDelay(registry, EVENT_LOOP_SAMPLE_MS, () => ms);
    try {
      samples(20, 0.5);
      // With the sampling interval counted in, an idle loop would report at least the interval.
      const idle = await scrape(registry);
      expect(idle('p50')).toBeCloseTo(0.0005, 6);
      expect(idle('max')).toBeCloseTo(0.0005, 6);

      samples(1, 80); // a blocked event loop
      samples(2, 0.5);
      const blocked = await scrape(registry);
      expect(blocked('max')).toBeCloseTo(0.08, 3);
      expect(blocked('min')).toBeCloseTo(0.0005, 6);

      samples(20, 0.5);
      const after = await scrape(registry);
      expect(after('max')).toBeCloseTo(0.0005, 6);

      ms += 150; // a stall that began before a scrape and ends after it
      const during = await scrape(registry);
      samples(1);
      const spanned = await scrape(registry);
      expect(during('max')).toBe(0); // nothing sampled since the last scrape
      expect(spanned('max')).toBeCloseTo(0.15, 3);
    } finally {
      monitor.stop();
    }
  });
});
