import { Argon2PasswordHasher } from '@accounts/adapters';
import { seedEntitlement, seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../src/tokens.js';
import { parsePrometheusText, has, valueOf, type Sample } from './prometheus-text.js';
import { REAL_JWT_SECRET, startRealService, TEST_ARGON2, type RealService } from './real-service.js';

const PASSWORD = 'a long and real password';
const targets = await testDatabaseTargets();

describe.each(targets)('GET /metrics on $label', (target) => {
  let real: RealService;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    // A small route-protection budget: /metrics must not spend it.
    real = await startRealService(target, { env: { AUTH_MAX_FAILURES: '2', RATE_LIMIT_MAX: '20' } });
    const db = real.service.database.db;
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    ({ id: userId } = await seedUser(db, { email: 'metrics@example.com', passwordHash }));
    await seedEntitlement(db, aDropEntitlement(userId));
    token = mintToken({ secret: REAL_JWT_SECRET, userId, expiresInSeconds: 600 });
  });
  afterAll(() => real.close());

  const scrape = async (): Promise<{ samples: Sample[]; text: string }> => {
    const response = await fetch(`${real.base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { samples: parsePrometheusText(text), text };
  };
  const call = (method: string, path: string, body?: object) =>
    fetch(`${real.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('counts requests and their latency by route template, method and status', async () => {
    const route = { route: '/api/user/custom-domain', method: 'GET', status_code: '200' };
    const unmatched = { route: 'unmatched', method: 'GET', status_code: '404' };
    const before = (await scrape()).samples;

    for (let i = 0; i < 3; i++) expect((await call('GET', '/api/user/custom-domain')).status).toBe(200);
    expect((await call('GET', `/api/users/${userId}/secret?email=metrics@example.com`)).status).toBe(404);

    const { samples, text } = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(samples, name, labels) - valueOf(before, name, labels);
    expect(moved('http_requests_total', route)).toBe(3);
    expect(moved('http_request_duration_seconds_count', route)).toBe(3);
    expect(moved('http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(moved('http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(moved('http_requests_total', unmatched)).toBe(1);
    // The scrape before this one was counted too, under its own route.
    expect(
      valueOf(samples, 'http_requests_total', { route: '/metrics', status_code: '200' }),
    ).toBeGreaterThan(0);
    // Route templates only: never a raw URL, a query or a user id.
    expect(text).not.toContain(userId);
    expect(text).not.toContain('/api/users/');
    expect(text).not.toContain('metrics@example.com');
  });

  it('counts failed checks, the lock and the refusals while locked', async () => {
    const before = (await scrape()).samples;
    const wrong = await call('POST', '/api/auth/disable-account', { password: 'not it' });
    expect(wrong.status).toBe(401);
    await call('POST', '/api/auth/disable-account', { password: 'not it either' });
    const refused = await call('POST', '/api/auth/disable-account', { password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });

    const { samples } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(samples, name, labels) - valueOf(before, name, labels);
    expect(moved('accounts_auth_failed_checks_total', { reason: 'InvalidPassword' })).toBe(2);
    expect(moved('accounts_auth_locks_total')).toBe(1);
    expect(moved('accounts_auth_locked_refusals_total')).toBe(1);
    expect(
      moved('http_requests_total', {
        route: '/api/auth/disable-account',
        method: 'POST',
        status_code: '429',
      }),
    ).toBe(1);
  });

  it('counts outbox entries by kind and status, and deliveries by outcome', async () => {
    const db = real.service.database.db;
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    const leaving = await seedUser(db, { email: 'leaving@example.com', passwordHash });
    await seedEntitlement(db, aDropEntitlement(leaving.id, { billingSubscriptionId: 'sub_metrics' }));
    const before = (await scrape()).samples;
    const done = { kind: 'billing.cancel', status: 'done' };

    const deleted = await fetch(`${real.base}/api/auth/delete-account`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mintToken({ secret: REAL_JWT_SECRET, userId: leaving.id, expiresInSeconds: 60 })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(deleted.status).toBe(200);

    await expect
      .poll(async () => valueOf((await scrape()).samples, 'accounts_outbox_entries', done), {
        timeout: 20_000,
      })
      .toBe(valueOf(before, 'accounts_outbox_entries', done) + 1);
    const { samples } = await scrape();
    const delivered = { kind: 'billing.cancel', outcome: 'done' };
    expect(
      valueOf(samples, 'accounts_outbox_deliveries_total', delivered) -
        valueOf(before, 'accounts_outbox_deliveries_total', delivered),
    ).toBe(1);
    expect(real.billing.requests).toContain('DELETE /v1/subscriptions/sub_metrics');
  });

  it("serves prom-client's process metrics under their names, and the event-loop delay under accounts_*", async () => {
    // The delay percentiles cover the time since the previous scrape: let the monitor sample it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { samples } = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'accounts_event_loop_delay_p50_seconds',
      'accounts_event_loop_delay_p99_seconds',
      'accounts_event_loop_delay_max_seconds',
    ]) {
      expect(has(samples, name), name).toBe(true);
    }
    expect(valueOf(samples, 'accounts_event_loop_delay_p99_seconds')).toBeGreaterThan(0);
  });

  it('answers without a token and outside route protection', async () => {
    // RATE_LIMIT_MAX is 20 per client: thirty scrapes in a row all answer.
    for (let i = 0; i < 30; i++) await scrape();
    expect((await call('GET', '/api/user/custom-domain')).status).toBe(200);
  });

  it('is listed in the OpenAPI description beside the probes', async () => {
    const doc = (await (await fetch(`${real.base}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { security?: unknown } }>;
    };
    expect(doc.paths['/metrics']?.get?.security).toEqual([]);
  });
});

describe('METRICS_ENABLED=false', () => {
  let real: RealService;
  beforeAll(async () => {
    real = await startRealService(targets[0]!, { env: { METRICS_ENABLED: 'false' } });
  });
  afterAll(() => real.close());

  it('turns /metrics off: 404 with the common error body', async () => {
    const response = await fetch(`${real.base}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(real.service.metrics).toBeNull();
  });
});
