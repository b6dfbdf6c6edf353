/**
 * Failure limits (docs/decisions.md, "Races and abuse"): failed password and code checks are counted
 * per account and client, and per account from every client. An attempt is reserved before its
 * check runs, so parallel attempts never check more than the budget allows.
 */
export type FailureLimitPolicy = {
  /** Failures per account and client within `windowMs` before that client is locked out. */
  readonly maxFailures: number;
  /** The client's counting window, and the length of a first lock. */
  readonly windowMs: number;
  /** Failures per account, from every client, without a success in between, before the account is locked. */
  readonly maxAccountFailures: number;
};

export const DEFAULT_FAILURE_LIMIT: FailureLimitPolicy = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  maxAccountFailures: 100,
};

/** No lock lasts longer, however many came before it. */
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/** One count of failures: the client's (within its window) or the account's (since its last success). */
export type FailureCounter = {
  readonly failures: number;
  /** The client's: when its window opened. The account's: its first failure since the last success. */
  readonly since: Date | null;
  readonly lockedUntil: Date | null;
  /** Locks placed since the last success: the next one lasts 2^locks first locks. */
  readonly locks: number;
};

export const NO_FAILURES: FailureCounter = { failures: 0, since: null, lockedUntil: null, locks: 0 };

/** What the limit looks at for one attempt: the counts of this account and client, and of the account. */
export type FailureState = { readonly client: FailureCounter; readonly account: FailureCounter };

export const CLEAN_FAILURE_STATE: FailureState = { client: NO_FAILURES, account: NO_FAILURES };

/** What one reservation changed in one counter, so that releasing it can undo exactly that. */
type CounterMark = { readonly since: Date; readonly placedLockUntil: Date | null };

export type Reservation = { readonly client: CounterMark; readonly account: CounterMark };

export type ReserveVerdict =
  | { readonly reserved: true; readonly next: FailureState; readonly reservation: Reservation }
  | { readonly reserved: false; readonly retryAfterSeconds: number };

/** The n-th lock in a row (n = `locksBefore` + 1) lasts 2^locksBefore first locks, at most MAX_LOCK_MS. */
export function lockLength(locksBefore: number, firstLockMs: number): number {
  return Math.min(firstLockMs * 2 ** Math.min(locksBefore, 32), MAX_LOCK_MS);
}

/** Whole seconds until `lockedUntil` (at least 1), or 0 when there is no lock at `now`. */
export function secondsLocked(counter: FailureCounter, now: Date): number {
  const remainingMs = (counter.lockedUntil?.getTime() ?? 0) - now.getTime();
  return remainingMs > 0 ? Math.max(1, Math.ceil(remainingMs / 1000)) : 0;
}

/**
 * Takes one attempt from both budgets, or refuses while either is locked. The attempt that
 * reaches a maximum places the lock at once (it still runs its check): every later attempt is
 * refused until a success resets the counts or the lock ends.
 */
export function reserveAttempt(state: FailureState, now: Date, policy: FailureLimitPolicy): ReserveVerdict {
  const retryAfterSeconds = Math.max(secondsLocked(state.client, now), secondsLocked(state.account, now));
  if (retryAfterSeconds > 0) return { reserved: false, retryAfterSeconds };

  const client = countOne(clientFailuresAt(state.client, now, policy), now, policy.maxFailures, policy);
  const account = countOne(state.account, now, policy.maxAccountFailures, policy);
  return {
    reserved: true,
    next: { client: client.counter, account: account.counter },
    reservation: { client: client.mark, account: account.mark },
  };
}

/**
 * Gives back a reservation whose request ended without a verdict on the credentials (a code
 * was missing, the state did not allow the change): its failure is not counted, and a lock it
 * placed is lifted. A count that a success or a new window has replaced meanwhile is left alone.
 */
export function releaseAttempt(state: FailureState, reservation: Reservation): FailureState {
  return {
    client: uncountOne(state.client, reservation.client),
    account: uncountOne(state.account, reservation.account),
  };
}

/** Whether the failure of this reservation's check leaves a lock behind (client, account). */
export function locksPlacedBy(reservation: Reservation): { client: boolean; account: boolean } {
  return {
    client: reservation.client.placedLockUntil !== null,
    account: reservation.account.placedLockUntil !== null,
  };
}

/** The client's count as it stands at `now`: a window that has passed, or a lock that has ended, starts it over. */
function clientFailuresAt(counter: FailureCounter, now: Date, policy: FailureLimitPolicy): FailureCounter {
  const windowOpen = counter.since !== null && now.getTime() < counter.since.getTime() + policy.windowMs;
  const lockEnded = counter.lockedUntil !== null && counter.lockedUntil.getTime() <= now.getTime();
  if (windowOpen && !lockEnded) return counter;
  return { ...NO_FAILURES, locks: counter.locks };
}

function countOne(counter: FailureCounter, now: Date, max: number, policy: FailureLimitPolicy) {
  const failures = counter.failures + 1;
  const since = counter.since ?? now;
  if (failures < max) {
    return { counter: { ...counter, failures, since }, mark: { since, placedLockUntil: null } };
  }
  const lockedUntil = new Date(now.getTime() + lockLength(counter.locks, policy.windowMs));
  return {
    counter: { failures, since, lockedUntil, locks: counter.locks + 1 },
    mark: { since, placedLockUntil: lockedUntil },
  };
}

function uncountOne(counter: FailureCounter, mark: CounterMark): FailureCounter {
  if (counter.since?.getTime() !== mark.since.getTime() || counter.failures === 0) return counter;
  const failures = counter.failures - 1;
  const placedHere =
    mark.placedLockUntil !== null && counter.lockedUntil?.getTime() === mark.placedLockUntil.getTime();
  return {
    failures,
    since: failures === 0 ? null : counter.since,
    lockedUntil: placedHere ? null : counter.lockedUntil,
    locks: placedHere ? Math.max(0, counter.locks - 1) : counter.locks,
  };
}
