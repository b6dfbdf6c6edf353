import { describe, expect, it } from 'vitest';
import {
  CLEAN_FAILURE_STATE,
  DEFAULT_FAILURE_LIMIT,
  lockLength,
  locksPlacedBy,
  MAX_LOCK_MS,
  NO_FAILURES,
  releaseAttempt,
  reserveAttempt,
  secondsLocked,
  type FailureCounter,
  type FailureLimitPolicy,
  type FailureState,
  type Reservation,
} from '@accounts/domain';

const POLICY: FailureLimitPolicy = { maxFailures: 3, windowMs: 60_000, maxAccountFailures: 7 };
const START = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);

/** A clock the tests move, and the state a store would keep between attempts. */
function limiter(policy: FailureLimitPolicy = POLICY, initial: FailureState = CLEAN_FAILURE_STATE) {
  let now = START;
  let state = initial;
  return {
    get state() {
      return state;
    },
    set state(next: FailureState) {
      state = next;
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    /** One attempt whose check fails: the reservation is kept. */
    fail(): { retryAfterSeconds: number } | Reservation {
      const verdict = reserveAttempt(state, now, policy);
      if (!verdict.reserved) return { retryAfterSeconds: verdict.retryAfterSeconds };
      state = verdict.next;
      return verdict.reservation;
    },
    reserve() {
      const verdict = reserveAttempt(state, now, policy);
      if (!verdict.reserved) throw new Error('locked');
      state = verdict.next;
      return verdict.reservation;
    },
    release(reservation: Reservation) {
      state = releaseAttempt(state, reservation);
    },
    /** A success from this client: the client's and the account's counts start over. */
    succeed() {
      state = CLEAN_FAILURE_STATE;
    },
    refusal() {
      const verdict = reserveAttempt(state, now, policy);
      return verdict.reserved ? null : verdict.retryAfterSeconds;
    },
  };
}

describe('DEFAULT_FAILURE_LIMIT', () => {
  it('allows 10 failures per client in 15 minutes and 100 per account (NIST SP 800-63B)', () => {
    expect(DEFAULT_FAILURE_LIMIT).toEqual({ maxFailures: 10, windowMs: 900_000, maxAccountFailures: 100 });
  });
});

describe('lockLength', () => {
  it.each([
    [0, 60_000],
    [1, 120_000],
    [2, 240_000],
    [10, 61_440_000],
    [11, MAX_LOCK_MS],
    [1_000, MAX_LOCK_MS],
  ])('after %i earlier locks: %i ms', (locksBefore, expected) => {
    expect(lockLength(locksBefore, 60_000)).toBe(expected);
  });

  it('caps at 24 hours', () => {
    expect(MAX_LOCK_MS).toBe(86_400_000);
    expect(lockLength(0, 90_000_000)).toBe(MAX_LOCK_MS);
  });
});

describe('secondsLocked', () => {
  const locked = (until: number): FailureCounter => ({ ...NO_FAILURES, lockedUntil: at(until) });
  it.each<[string, FailureCounter, Date, number]>([
    ['no lock', NO_FAILURES, at(0), 0],
    ['a lock that ended', locked(1_000), at(1_000), 0],
    ['1 ms left (at least 1 s)', locked(1_000), at(999), 1],
    ['1.5 s left (rounded up)', locked(1_500), at(0), 2],
    ['a whole minute', locked(60_000), at(0), 60],
  ])('%s', (_name, counter, now, expected) => {
    expect(secondsLocked(counter, now)).toBe(expected);
  });
});

describe('reserveAttempt', () => {
  it('takes one attempt from the client and the account, opening both counts at the first', () => {
    const verdict = reserveAttempt(CLEAN_FAILURE_STATE, at(5_000), POLICY);
    expect(verdict).toEqual({
      reserved: true,
      next: {
        client: { failures: 1, since: at(5_000), lockedUntil: null, locks: 0 },
        account: { failures: 1, since: at(5_000), lockedUntil: null, locks: 0 },
      },
      reservation: {
        client: { since: at(5_000), placedLockUntil: null },
        account: { since: at(5_000), placedLockUntil: null },
      },
    });
  });

  it('locks the client with the attempt that reaches the maximum; that attempt still runs', () => {
    const t = limiter();
    t.fail();
    t.advance(10_000);
    t.fail();
    t.advance(10_000);
    const third = t.fail();
    expect(locksPlacedBy(third as Reservation)).toEqual({ client: true, account: false });
    expect(t.state.client).toEqual({ failures: 3, since: START, lockedUntil: at(80_000), locks: 1 });
    // The lock lasts one window from the attempt that placed it.
    expect(t.refusal()).toBe(60);
    t.advance(59_999);
    expect(t.refusal()).toBe(1);
    t.advance(1);
    expect(t.refusal()).toBeNull();
  });

  it('starts the client count over once its window has passed', () => {
    const t = limiter();
    t.fail();
    t.fail();
    t.advance(60_000);
    t.fail();
    expect(t.state.client).toEqual({ failures: 1, since: at(60_000), lockedUntil: null, locks: 0 });
    // The account keeps counting: it has no window.
    expect(t.state.account).toMatchObject({ failures: 3, since: START });
  });

  it('answers the later of the client lock and the account lock', () => {
    const state: FailureState = {
      client: { failures: 3, since: START, lockedUntil: at(30_000), locks: 1 },
      account: { failures: 7, since: START, lockedUntil: at(90_000), locks: 1 },
    };
    expect(reserveAttempt(state, at(0), POLICY)).toEqual({ reserved: false, retryAfterSeconds: 90 });
    expect(reserveAttempt({ ...state, account: NO_FAILURES }, at(0), POLICY)).toEqual({
      reserved: false,
      retryAfterSeconds: 30,
    });
  });

  it('locks the account, for every client, after maxAccountFailures without a success', () => {
    const t = limiter();
    // Seven failures from ever new clients: each new client starts with a clean count of its own.
    for (let i = 0; i < POLICY.maxAccountFailures; i++) {
      expect(t.fail()).not.toHaveProperty('retryAfterSeconds');
      t.state = { ...t.state, client: NO_FAILURES };
    }
    expect(t.state.account).toEqual({ failures: 7, since: START, lockedUntil: at(60_000), locks: 1 });
    expect(t.refusal()).toBe(60);
  });
});

describe('escalation: each lock that follows one without a success lasts twice as long, up to 24 hours', () => {
  it('doubles consecutive client locks', () => {
    const t = limiter();
    const lengths: number[] = [];
    for (let lock = 0; lock < 5; lock++) {
      for (let i = 0; i < POLICY.maxFailures; i++) t.fail();
      const seconds = t.refusal() ?? 0;
      lengths.push(seconds);
      t.advance(seconds * 1000);
      expect(t.refusal()).toBeNull();
      // Move the account out of the way: this test is about the client's locks.
      t.state = { ...t.state, account: NO_FAILURES };
    }
    expect(lengths).toEqual([60, 120, 240, 480, 960]);
  });

  it('caps a client lock at 24 hours', () => {
    const t = limiter({ maxFailures: 1, windowMs: 3_600_000, maxAccountFailures: 1_000 });
    const lengths: number[] = [];
    for (let lock = 0; lock < 7; lock++) {
      t.fail();
      const seconds = t.refusal() ?? 0;
      lengths.push(seconds / 3600);
      t.advance(seconds * 1000);
    }
    expect(lengths).toEqual([1, 2, 4, 8, 16, 24, 24]);
  });

  it('locks the account again at every failure after its maximum, each time twice as long', () => {
    const t = limiter({ maxFailures: 1_000, windowMs: 60_000, maxAccountFailures: 3 });
    for (let i = 0; i < 3; i++) t.fail();
    expect(t.refusal()).toBe(60);
    t.advance(60_000);
    t.fail();
    expect(t.refusal()).toBe(120);
    t.advance(120_000);
    t.fail();
    expect(t.refusal()).toBe(240);
    expect(t.state.account).toMatchObject({ failures: 5, locks: 3 });
  });

  it('starts over after a success: the next lock is a first lock again', () => {
    const t = limiter();
    for (let i = 0; i < 3; i++) t.fail();
    t.advance(60_000);
    for (let i = 0; i < 3; i++) t.fail();
    expect(t.refusal()).toBe(120);
    t.advance(120_000);
    t.succeed();
    for (let i = 0; i < 3; i++) t.fail();
    expect(t.refusal()).toBe(60);
  });
});

describe('releaseAttempt', () => {
  it('gives the attempt back to both counts', () => {
    const t = limiter();
    t.fail();
    const before = t.state;
    t.release(t.reserve());
    expect(t.state).toEqual(before);
  });

  it('clears the counts when it was their only attempt', () => {
    const t = limiter();
    t.release(t.reserve());
    expect(t.state).toEqual(CLEAN_FAILURE_STATE);
  });

  it('lifts the lock the released attempt placed, and forgets that lock', () => {
    const t = limiter();
    t.fail();
    t.fail();
    const third = t.reserve();
    expect(t.refusal()).toBe(60);
    t.release(third);
    expect(t.refusal()).toBeNull();
    expect(t.state.client).toEqual({ failures: 2, since: START, lockedUntil: null, locks: 0 });
  });

  it('leaves a count that a success replaced alone', () => {
    const t = limiter();
    const reservation = t.reserve();
    t.advance(1_000);
    t.succeed();
    t.fail();
    const after = t.state;
    t.release(reservation);
    // The reservation belonged to the counts before the success: the new failure stays.
    expect(t.state).toEqual(after);
    expect(t.state.client).toEqual({ failures: 1, since: at(1_000), lockedUntil: null, locks: 0 });
  });

  it('leaves a client count whose window started over alone, and still gives the account its attempt back', () => {
    const t = limiter();
    const reservation = t.reserve();
    t.advance(60_000);
    t.fail();
    t.release(reservation);
    expect(t.state.client).toEqual({ failures: 1, since: at(60_000), lockedUntil: null, locks: 0 });
    expect(t.state.account).toEqual({ failures: 1, since: START, lockedUntil: null, locks: 0 });
  });

  it('leaves a lock that another attempt placed', () => {
    const t = limiter();
    const first = t.reserve();
    t.fail();
    t.fail();
    expect(t.refusal()).toBe(60);
    t.release(first);
    expect(t.refusal()).toBe(60);
    expect(t.state.client).toMatchObject({ failures: 2, locks: 1 });
  });
});
