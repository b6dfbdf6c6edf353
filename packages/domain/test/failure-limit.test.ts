import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FAILURE_LIMIT,
  lockStatus,
  NO_FAILURES,
  recordFailure,
  type FailureCount,
  type FailureLimitPolicy,
  type LockStatus,
} from '@accounts/domain';

const POLICY: FailureLimitPolicy = { maxFailures: 3, windowMs: 60_000 };
const START = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const failures = (count: number): FailureCount => ({ count, windowStartedAt: START });

describe('DEFAULT_FAILURE_LIMIT', () => {
  it('allows 10 failures in 15 minutes', () => {
    expect(DEFAULT_FAILURE_LIMIT).toEqual({ maxFailures: 10, windowMs: 900_000 });
  });
});

describe('lockStatus', () => {
  it.each<[string, FailureCount, Date, LockStatus]>([
    ['no failures', NO_FAILURES, at(0), { locked: false }],
    ['one failure', failures(1), at(1_000), { locked: false }],
    ['one below the maximum', failures(2), at(1_000), { locked: false }],
    ['a count without a window start', { count: 5, windowStartedAt: null }, at(1_000), { locked: false }],
    ['the maximum, 1 s into the window', failures(3), at(1_000), { locked: true, retryAfterSeconds: 59 }],
    ['the maximum, at the window start', failures(3), at(0), { locked: true, retryAfterSeconds: 60 }],
    ['the maximum, 1.5 s left (rounded up)', failures(3), at(58_500), { locked: true, retryAfterSeconds: 2 }],
    [
      'the maximum, 1 ms left (at least 1 s)',
      failures(3),
      at(59_999),
      { locked: true, retryAfterSeconds: 1 },
    ],
    ['above the maximum', failures(7), at(30_000), { locked: true, retryAfterSeconds: 30 }],
    ['the maximum, window just passed', failures(3), at(60_000), { locked: false }],
    ['the maximum, window long passed', failures(3), at(3_600_000), { locked: false }],
  ])('%s', (_name, count, now, expected) => {
    expect(lockStatus(count, now, POLICY)).toEqual(expected);
  });
});

describe('recordFailure', () => {
  it.each<[string, FailureCount, Date, FailureCount]>([
    ['opens a window at the first failure', NO_FAILURES, at(5_000), { count: 1, windowStartedAt: at(5_000) }],
    ['counts a failure inside the window', failures(1), at(10_000), { count: 2, windowStartedAt: START }],
    ['counts up to the maximum', failures(2), at(59_999), { count: 3, windowStartedAt: START }],
    [
      'restarts the count once the window has passed',
      failures(3),
      at(60_000),
      { count: 1, windowStartedAt: at(60_000) },
    ],
    ['restarts long after the window', failures(9), at(600_000), { count: 1, windowStartedAt: at(600_000) }],
  ])('%s', (_name, count, now, expected) => {
    expect(recordFailure(count, now, POLICY)).toEqual(expected);
  });

  it('locks after the maximum number of failures and unlocks once the window passes', () => {
    let count = NO_FAILURES;
    for (let i = 0; i < POLICY.maxFailures; i++) {
      expect(lockStatus(count, at(i * 1_000), POLICY)).toEqual({ locked: false });
      count = recordFailure(count, at(i * 1_000), POLICY);
    }
    expect(lockStatus(count, at(3_000), POLICY)).toEqual({ locked: true, retryAfterSeconds: 57 });
    expect(lockStatus(count, at(60_000), POLICY)).toEqual({ locked: false });
    const restarted = recordFailure(count, at(60_000), POLICY);
    expect(restarted).toEqual({ count: 1, windowStartedAt: at(60_000) });
    expect(lockStatus(restarted, at(60_001), POLICY)).toEqual({ locked: false });
  });
});
