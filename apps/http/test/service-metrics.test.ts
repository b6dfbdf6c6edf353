import { describe, expect, it } from 'vitest';
import { ServiceMetrics, UNMATCHED_ROUTE } from '../src/observability/metrics.js';
import { has, parsePrometheusText, valueOf } from './prometheus-text.js';

const scrape = async (metrics: ServiceMetrics) => parsePrometheusText(await metrics.render());

describe('ServiceMetrics', () => {
  it('counts outbox entries by kind and status from the source it is given, read at each scrape', async () => {
    const metrics = new ServiceMetrics();
    expect(has(await scrape(metrics), 'accounts_outbox_entries')).toBe(false);

    let counts = [
      { kind: 'webhook', status: 'pending', count: 3 },
      { kind: 'billing.cancel', status: 'failed', count: 1 },
    ];
    metrics.observeOutbox(() => Promise.resolve(counts));
    let samples = await scrape(metrics);
    expect(valueOf(samples, 'accounts_outbox_entries', { kind: 'webhook', status: 'pending' })).toBe(3);
    expect(valueOf(samples, 'accounts_outbox_entries', { kind: 'billing.cancel', status: 'failed' })).toBe(1);

    // A status with no entries left is gone, not stuck at its last value.
    counts = [{ kind: 'webhook', status: 'done', count: 4 }];
    samples = await scrape(metrics);
    expect(has(samples, 'accounts_outbox_entries', { status: 'pending' })).toBe(false);
    expect(valueOf(samples, 'accounts_outbox_entries', { kind: 'webhook', status: 'done' })).toBe(4);
  });

  it('still answers a scrape when the outbox cannot be read, and reports why', async () => {
    const errors: unknown[] = [];
    const metrics = new ServiceMetrics({ onCollectError: (error) => errors.push(error) });
    metrics.observeOutbox(() => Promise.reject(new Error('database down')));
    const samples = await scrape(metrics);
    expect(has(samples, 'accounts_outbox_entries')).toBe(false);
    expect(has(samples, 'process_cpu_user_seconds_total')).toBe(true);
    expect(errors).toEqual([new Error('database down')]);
  });

  it('counts deliveries by kind and outcome', async () => {
    const metrics = new ServiceMetrics();
    const record = metrics.recordDelivery;
    record('webhook', 'done');
    record('webhook', 'done');
    record('billing.cancel', 'pending');
    const samples = await scrape(metrics);
    expect(valueOf(samples, 'accounts_outbox_deliveries_total', { kind: 'webhook', outcome: 'done' })).toBe(
      2,
    );
    expect(
      valueOf(samples, 'accounts_outbox_deliveries_total', { kind: 'billing.cancel', outcome: 'pending' }),
    ).toBe(1);
  });

  it('labels a request that matched no route as one route', async () => {
    const metrics = new ServiceMetrics();
    metrics.recordRequest({ route: undefined, method: 'GET', statusCode: 404, seconds: 0.002 });
    metrics.recordRequest({ route: undefined, method: 'GET', statusCode: 404, seconds: 0.003 });
    const samples = await scrape(metrics);
    expect(valueOf(samples, 'http_requests_total', { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', { route: UNMATCHED_ROUTE })).toBeCloseTo(
      0.005,
    );
  });

  it('keeps two services in one process apart', async () => {
    const first = new ServiceMetrics();
    const second = new ServiceMetrics();
    first.authChecks.locked();
    expect(valueOf(await scrape(first), 'accounts_auth_locks_total')).toBe(1);
    expect(valueOf(await scrape(second), 'accounts_auth_locks_total')).toBe(0);
  });
});
