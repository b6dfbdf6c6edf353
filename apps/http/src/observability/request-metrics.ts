import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * `http_requests_total` and `http_request_duration_seconds`, by route template, method and status
 * code, as prom-client's Counter and Histogram.
 */
export class RequestMetrics {
  private readonly count: Counter<'route' | 'method' | 'status_code'>;
  private readonly duration: Histogram<'route' | 'method' | 'status_code'>;

  constructor(registry: Registry, bucketsSeconds: readonly number[]) {
    const labelNames = ['route', 'method', 'status_code'] as const;
    this.count = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route template, method and status code',
      labelNames,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route template, method and status code',
      labelNames,
      buckets: [...bucketsSeconds].sort((a, b) => a - b),
      registers: [registry],
    });
  }

  record(route: string, method: string, statusCode: number, seconds: number) {
    const labels = { route, method, status_code: statusCode };
    this.count.inc(labels);
    this.duration.observe(labels, seconds);
  }
}
