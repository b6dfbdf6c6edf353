import { describe, expect, it } from 'vitest';
import {
  isPlainBillingIdentifier,
  retryDelayMs,
  stateAfterAttempt,
  type DeliveryPolicy,
} from '@accounts/domain';

const policy: DeliveryPolicy = { retryBaseMs: 1_000, retryMaxMs: 60_000, webhookMaxAgeMs: 3_600_000 };
const now = new Date('2026-03-01T12:00:00Z');

describe('retryDelayMs', () => {
  it.each([
    [1, 0.5, 1_000],
    [2, 0.5, 2_000],
    [3, 0.5, 4_000],
    [6, 0.5, 32_000],
    [7, 0.5, 60_000],
    [100, 0.5, 60_000],
  ])('retry %i with no spread waits %i ms', (attempt, jitter, expected) => {
    expect(retryDelayMs(attempt, policy, jitter)).toBe(expected);
  });

  it('spreads by a quarter either way, never below the base nor above the maximum', () => {
    expect(retryDelayMs(3, policy, 0)).toBe(3_000);
    expect(retryDelayMs(3, policy, 0.999999)).toBe(5_000);
    expect(retryDelayMs(1, policy, 0)).toBe(1_000);
    expect(retryDelayMs(1, policy, 0.999999)).toBe(1_250);
    expect(retryDelayMs(50, policy, 0)).toBe(45_000);
    expect(retryDelayMs(50, policy, 0.999999)).toBe(60_000);
  });
});

describe('stateAfterAttempt', () => {
  const billing = { createdAt: new Date(now.getTime() - 10 * 86_400_000), attempts: 9 };
  const webhook = { createdAt: new Date(now.getTime() - 1_000), attempts: 1 };
  /** Billing cancellations are retried without end; webhooks until WEBHOOK_MAX_AGE_MS. */
  const context = { now, policy, jitter: 0.5, maxAgeMs: null };
  const webhookContext = { ...context, maxAgeMs: policy.webhookMaxAgeMs };

  it('is done after a confirmed attempt', () => {
    expect(stateAfterAttempt(webhook, { outcome: 'done', note: 'HTTP 204' }, webhookContext)).toEqual({
      status: 'done',
    });
  });

  it('fails for good on a permanent failure', () => {
    expect(stateAfterAttempt(billing, { outcome: 'permanent', problem: 'HTTP 401' }, context)).toEqual({
      status: 'failed',
      error: 'HTTP 401',
    });
  });

  it('retries without end when the channel sets no age (billing cancellations), backing off', () => {
    expect(stateAfterAttempt(billing, { outcome: 'transient', problem: 'HTTP 503' }, context)).toEqual({
      status: 'pending',
      error: 'HTTP 503',
      retryInMs: 60_000,
    });
  });

  it("retries until the channel's age after the change (webhooks: WEBHOOK_MAX_AGE_MS), then fails it", () => {
    expect(
      stateAfterAttempt(webhook, { outcome: 'transient', problem: 'HTTP 500' }, webhookContext),
    ).toMatchObject({
      status: 'pending',
      retryInMs: 1_000,
    });
    const old = { ...webhook, createdAt: new Date(now.getTime() - policy.webhookMaxAgeMs) };
    expect(
      stateAfterAttempt(old, { outcome: 'transient', problem: 'HTTP 500' }, webhookContext),
    ).toMatchObject({
      status: 'failed',
    });
  });
});

describe('stateAfterAttempt of a held entry (nothing to send now, nothing failed)', () => {
  const context = { now, policy, jitter: 0.5, maxAgeMs: policy.webhookMaxAgeMs };
  const held = { outcome: 'held', reason: 'the stream is paused' } as const;

  it("waits until the channel's age after the change, not the backoff", () => {
    const young = { createdAt: new Date(now.getTime() - 1_000), attempts: 3 };
    expect(stateAfterAttempt(young, held, context)).toEqual({
      status: 'pending',
      error: 'the stream is paused',
      retryInMs: policy.webhookMaxAgeMs - 1_000,
    });
  });

  it("fails once the channel's age has passed", () => {
    const old = { createdAt: new Date(now.getTime() - policy.webhookMaxAgeMs), attempts: 1 };
    expect(stateAfterAttempt(old, held, context)).toMatchObject({ status: 'failed' });
  });

  it('looks again after the longest retry delay when the channel sets no age', () => {
    const entry = { createdAt: now, attempts: 1 };
    expect(stateAfterAttempt(entry, held, { ...context, maxAgeMs: null })).toMatchObject({
      status: 'pending',
      retryInMs: policy.retryMaxMs,
    });
  });
});

describe('isPlainBillingIdentifier', () => {
  it.each(['sub_1', 'cus-ABC_09', 'a'.repeat(128)])('accepts %s', (id) => {
    expect(isPlainBillingIdentifier(id)).toBe(true);
  });

  it.each(['', '..', 'sub/1', 'sub 1', 'sub%2F1', 'sub.1', 'a'.repeat(129), 'sub_1\n'])(
    'refuses %j',
    (id) => {
      expect(isPlainBillingIdentifier(id)).toBe(false);
    },
  );
});
