import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { EVENT_LOOP_SAMPLE_MS, registerEventLoopDelay } from '../src/observability/event-loop-delay.js';
import { parsePrometheusText, valueOf } from './prometheus-text.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scrape(registry: Registry) {
  const samples = parsePrometheusText(await registry.metrics());
  return (statistic: string) => valueOf(samples, `accounts_event_loop_delay_${statistic}_seconds`);
}

describe('event-loop delay series', () => {
  it('report the delay without the sampling interval, only since the last scrape, and a stall that spans a scrape', async () => {
    const registry = new Registry();
    const monitor = registerEventLoopDelay(registry);
    try {
      await sleep(20 * EVENT_LOOP_SAMPLE_MS);
      // With the sampling interval counted in, an idle loop would report at least the interval.
      const idle = await scrape(registry);
      expect(idle('p50')).toBeLessThan(EVENT_LOOP_SAMPLE_MS / 1000);

      const blockedUntil = Date.now() + 80;
      while (Date.now() < blockedUntil) {
        // a blocked event loop
      }
      await sleep(3 * EVENT_LOOP_SAMPLE_MS);
      const blocked = await scrape(registry);
      expect(blocked('max')).toBeGreaterThan(0.06);
      expect(blocked('max')).toBeLessThan(0.2);

      await sleep(20 * EVENT_LOOP_SAMPLE_MS);
      const after = await scrape(registry);
      expect(after('max')).toBeLessThan(blocked('max'));
    } finally {
      monitor.stop();
    }
  });
});
