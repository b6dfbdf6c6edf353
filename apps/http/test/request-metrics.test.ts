import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from '../src/observability/request-metrics.js';
import { parsePrometheusText, valueOf } from './prometheus-text.js';

describe('RequestMetrics', () => {
  it('writes a counter and a cumulative histogram per route, method and status', async () => {
    const registry = new Registry();
    const metrics = new RequestMetrics(registry, [0.1, 0.01, 1]);
    metrics.record('/api/a', 'GET', 200, 0.005);
    metrics.record('/api/a', 'GET', 200, 0.05);
    metrics.record('/api/a', 'GET', 200, 5);
    metrics.record('/api/a', 'GET', 401, 0.001);
    metrics.record('/api/a', 'POST', 200, 0.2);
    const samples = parsePrometheusText(await registry.metrics());
    const ok = { route: '/api/a', method: 'GET', status_code: '200' };

    expect(valueOf(samples, 'http_requests_total', ok)).toBe(3);
    expect(valueOf(samples, 'http_requests_total', { route: '/api/a' })).toBe(5);
    expect(
      ['0.01', '0.1', '1', '+Inf'].map((le) =>
        valueOf(samples, 'http_request_duration_seconds_bucket', { ...ok, le }),
      ),
    ).toEqual([1, 2, 2, 3]);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', ok)).toBeCloseTo(5.055);
    expect(valueOf(samples, 'http_request_duration_seconds_count', ok)).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { status_code: '401' })).toBe(1);
  });

  it('starts over when the registry resets its metrics', async () => {
    const registry = new Registry();
    const metrics = new RequestMetrics(registry, [1]);
    metrics.record('/api/a', 'GET', 200, 0.5);
    registry.resetMetrics();
    metrics.record('/api/a', 'GET', 200, 0.5);
    expect(valueOf(parsePrometheusText(await registry.metrics()), 'http_requests_total')).toBe(1);
  });
});
