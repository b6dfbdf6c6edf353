export type FailureLimitPolicy = { readonly maxFailures: number; readonly windowMs: number };

export const DEFAULT_FAILURE_LIMIT: FailureLimitPolicy = { maxFailures: 10, windowMs: 15 * 60 * 1000 };

/** Failed password or code checks counted in a fixed window that opens at the first failure. */
export type FailureCount = { readonly count: number; readonly windowStartedAt: Date | null };

export type LockStatus = { locked: false } | { locked: true; retryAfterSeconds: number };

export function lockStatus(failures: FailureCount, now: Date, policy: FailureLimitPolicy): LockStatus {
  if (!failures.windowStartedAt || failures.count < policy.maxFailures) return { locked: false };
  const endsAt = failures.windowStartedAt.getTime() + policy.windowMs;
  const remainingMs = endsAt - now.getTime();
  if (remainingMs <= 0) return { locked: false };
  return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

/** The count after one more failure at `now`: a window that has passed starts over. */
export function recordFailure(
  failures: FailureCount,
  now: Date,
  policy: Pick<FailureLimitPolicy, 'windowMs'>,
): FailureCount {
  const open =
    failures.windowStartedAt !== null && now.getTime() < failures.windowStartedAt.getTime() + policy.windowMs;
  return open
    ? { count: failures.count + 1, windowStartedAt: failures.windowStartedAt }
    : { count: 1, windowStartedAt: now };
}

export const NO_FAILURES: FailureCount = { count: 0, windowStartedAt: null };
