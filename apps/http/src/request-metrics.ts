import type { Metric, Registry } from 'prom-client';

type SeriesLabels = { route: string; method: string; status_code: string };

/** One route, method and status: its answers, their total seconds, and how many fell in each bucket. */
type Series = { labels: SeriesLabels; count: number; sum: number; buckets: number[] };

/** A sample as prom-client's registry writes it: `labels` (`le`) first, then `sharedLabels`. */
type Sample = {
  labels: Record<string, string | number>;
  sharedLabels: SeriesLabels;
  value: number;
  metricName: string;
};

const COUNT = 'http_requests_total';
const DURATION = 'http_request_duration_seconds';

/**
 * `http_requests_total` and `http_request_duration_seconds`, counted in plain numbers and turned
 * into Prometheus samples only when /metrics is scraped. prom-client's own Counter and Histogram
 * hash and validate the labels on every observation (through `.labels()` too), which cost more
 * than the rest of a request's bookkeeping; the text written is the same.
 */
export class RequestMetrics {
  /** route → method → status: found by the same strings and numbers, nothing built per request. */
  private series = new Map<string, Map<string, Map<number, Series>>>();
  private readonly bounds: readonly number[];

  constructor(registry: Registry, bucketsSeconds: readonly number[]) {
    this.bounds = [...bucketsSeconds].sort((a, b) => a - b);
    const reset = () => {
      this.series = new Map();
    };
    registry.registerMetric(
      view(
        COUNT,
        'counter',
        'HTTP requests answered, by route template, method and status code',
        () =>
          this.all().map((series) => ({
            labels: {},
            sharedLabels: series.labels,
            value: series.count,
            metricName: COUNT,
          })),
        reset,
      ),
    );
    registry.registerMetric(
      view(
        DURATION,
        'histogram',
        'Time from a request arriving to its answer being sent, by route template, method and status code',
        () => this.all().flatMap((series) => this.histogramSamples(series)),
        reset,
      ),
    );
  }

  record(route: string, method: string, statusCode: number, seconds: number) {
    let methods = this.series.get(route);
    if (!methods) this.series.set(route, (methods = new Map<string, Map<number, Series>>()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map<number, Series>()));
    let series = statuses.get(statusCode);
    if (!series) {
      const labels = { route, method, status_code: String(statusCode) };
      series = { labels, count: 0, sum: 0, buckets: this.bounds.map(() => 0) };
      statuses.set(statusCode, series);
    }
    series.count++;
    series.sum += seconds;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] ?? Infinity)) {
        series.buckets[i] = (series.buckets[i] ?? 0) + 1;
        break;
      }
    }
  }

  private all(): Series[] {
    return [...this.series.values()].flatMap((methods) =>
      [...methods.values()].flatMap((statuses) => [...statuses.values()]),
    );
  }

  private histogramSamples(series: Series): Sample[] {
    const shared = series.labels;
    let cumulative = 0;
    const samples: Sample[] = this.bounds.map((bound, i) => {
      cumulative += series.buckets[i] ?? 0;
      return {
        labels: { le: bound },
        sharedLabels: shared,
        value: cumulative,
        metricName: `${DURATION}_bucket`,
      };
    });
    samples.push(
      { labels: { le: '+Inf' }, sharedLabels: shared, value: series.count, metricName: `${DURATION}_bucket` },
      { labels: {}, sharedLabels: shared, value: series.sum, metricName: `${DURATION}_sum` },
      { labels: {}, sharedLabels: shared, value: series.count, metricName: `${DURATION}_count` },
    );
    return samples;
  }
}

/** What prom-client's registry reads of a metric to write it (text) or list it (JSON). */
function view(
  name: string,
  type: 'counter' | 'histogram',
  help: string,
  samples: () => Sample[],
  reset: () => void,
): Metric {
  const data = (values: unknown[]) => ({ name, help, type, values, aggregator: 'sum' });
  const viewed = {
    name,
    help,
    type,
    aggregator: 'sum',
    getForPromString: () => Promise.resolve(data(samples())),
    get: () =>
      Promise.resolve(
        data(
          samples().map(({ labels, sharedLabels, value, metricName }) => ({
            labels: { ...labels, ...sharedLabels },
            value,
            metricName,
          })),
        ),
      ),
    reset,
  };
  return viewed as unknown as Metric;
}
