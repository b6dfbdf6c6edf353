import { createHistogram, performance } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/** How often the delay is sampled; each sample is a timer wake-up, so finer costs CPU even when idle. */
export const EVENT_LOOP_SAMPLE_MS = 10;

const STATISTICS = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;
type Statistic = (typeof STATISTICS)[number];

const HELP: Record<Statistic, string> = {
  min: 'The smallest event-loop delay since the last scrape',
  max: 'The largest event-loop delay since the last scrape',
  mean: 'The mean event-loop delay since the last scrape',
  stddev: 'The standard deviation of the event-loop delays since the last scrape',
  p50: 'The median event-loop delay since the last scrape',
  p90: 'The 90th percentile of the event-loop delays since the last scrape',
  p99: 'The 99th percentile of the event-loop delays since the last scrape',
};

/**
 * `accounts_event_loop_delay_{min,max,mean,stddev,p50,p90,p99}_seconds`: the delay itself, how late
 * a timer due every EVENT_LOOP_SAMPLE_MS ran, in a perf_hooks histogram emptied at every scrape
 * (each scrape reports the span since the one before, and a stall that spans a scrape is seen).
 * prom-client's own `nodejs_eventloop_lag_*` series stay beside them, with prom-client's meaning.
 *
 * Timers fall due at moments unrelated to the work, so their lateness samples the wait a request
 * arriving at a random moment would see; sampling more often only adds samples, and wake-ups.
 */
export function registerEventLoopDelay(
  registry: Registry,
  sampleMs = EVENT_LOOP_SAMPLE_MS,
  /** Milliseconds on a monotonic clock (a test's own, to make a delay without a loaded machine). */
  clock: () => number = () => performance.now(),
) {
  const histogram = createHistogram();
  let last = clock();
  const timer = setInterval(() => {
    const now = clock();
    // Nanoseconds late (the histogram takes integers from 1).
    histogram.record(Math.max(1, Math.round((now - last - sampleMs) * 1e6)));
    last = now;
  }, sampleMs);
  timer.unref();
  const seconds = (ns: number) => ns / 1e9;
  let snapshot: Record<Statistic, number> | null = null;

  /** Read and empty the histogram once per scrape: the first gauge collected does it, the rest reuse it. */
  const read = (first: boolean): Record<Statistic, number> => {
    if (first || snapshot === null) {
      const empty = histogram.count === 0;
      const value = (ns: number) => (empty ? 0 : seconds(ns));
      snapshot = {
        min: value(histogram.min),
        max: value(histogram.max),
        mean: value(histogram.mean),
        stddev: value(histogram.stddev),
        p50: value(histogram.percentile(50)),
        p90: value(histogram.percentile(90)),
        p99: value(histogram.percentile(99)),
      };
      histogram.reset();
    }
    return snapshot;
  };

  STATISTICS.forEach((statistic, index) => {
    new Gauge({
      name: `accounts_event_loop_delay_${statistic}_seconds`,
      help: HELP[statistic],
      registers: [registry],
      collect() {
        this.set(read(index === 0)[statistic]);
      },
    });
  });
  return { stop: () => clearInterval(timer) };
}
