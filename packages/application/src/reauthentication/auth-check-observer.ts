import type { DomainErrorType } from '@accounts/domain';

/**
 * Told what the failure limit sees, for monitoring (the HTTP service counts it for /metrics).
 * It never changes an answer; its methods must not throw.
 */
export interface AuthCheckObserver {
  /** A password or code check failed and counts towards the limit (`reason`: the refusal's kind). */
  failedCheck(reason: DomainErrorType): void;
  /** This failure reached a limit and left a lock: on the account for its client, or on the whole account. */
  locked(): void;
  /** A request was refused without a check because the account is locked (for its client, or for all). */
  refusedWhileLocked(): void;
}

/** The observer when none is given. */
export const UNOBSERVED: AuthCheckObserver = {
  failedCheck: () => undefined,
  locked: () => undefined,
  refusedWhileLocked: () => undefined,
};
