import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { configRefusal } from './config-refusal.js';

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

describe('outbox configuration', () => {
  it('has the documented defaults: no webhooks, 5 s / 1 h backoff, 1 s polling', () => {
    expect(loadConfig({})).toMatchObject({
      webhooks: { url: null, secret: null, timeoutMs: 5000, maxAgeMs: 259_200_000 },
      delivery: { retryBaseMs: 5000, retryMaxMs: 3_600_000, pollMs: 1000 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      WEBHOOK_URL: 'https://hooks.example/accounts',
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_TIMEOUT_MS: '2500',
      WEBHOOK_MAX_AGE_MS: '3600000',
      DELIVERY_RETRY_BASE_MS: '100',
      DELIVERY_RETRY_MAX_MS: '60000',
      DELIVERY_POLL_MS: '50',
    });
    expect(config).toMatchObject({
      webhooks: {
        url: 'https://hooks.example/accounts',
        secret: SECRET,
        timeoutMs: 2500,
        maxAgeMs: 3_600_000,
      },
      delivery: { retryBaseMs: 100, retryMaxMs: 60_000, pollMs: 50 },
    });
  });

  it.each([
    [{ WEBHOOK_URL: 'https://hooks.example' }, 'WEBHOOK_SECRET', /required when WEBHOOK_URL is set/],
    [{ WEBHOOK_URL: 'ftp://hooks.example', WEBHOOK_SECRET: SECRET }, 'WEBHOOK_URL', /http/],
    [{ WEBHOOK_SECRET: 'whsec_c2hvcnQ=' }, 'WEBHOOK_SECRET', /at least 24/],
    [{ WEBHOOK_SECRET: Buffer.alloc(32, 1).toString('base64') }, 'WEBHOOK_SECRET', /whsec_/],
    [{ WEBHOOK_TIMEOUT_MS: '0' }, 'WEBHOOK_TIMEOUT_MS', /between/],
    [{ WEBHOOK_MAX_AGE_MS: 'a day' }, 'WEBHOOK_MAX_AGE_MS', /whole number/],
    [{ DELIVERY_RETRY_BASE_MS: '0' }, 'DELIVERY_RETRY_BASE_MS', /between/],
    [
      { DELIVERY_RETRY_BASE_MS: '5000', DELIVERY_RETRY_MAX_MS: '1000' },
      'DELIVERY_RETRY_MAX_MS',
      /not be less/,
    ],
    [{ DELIVERY_POLL_MS: '1' }, 'DELIVERY_POLL_MS', /between/],
  ])('refuses %j, naming %s', (env, variable, problem) => {
    const error = configRefusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(problem);
    expect(error.message).not.toContain(SECRET);
  });
});
