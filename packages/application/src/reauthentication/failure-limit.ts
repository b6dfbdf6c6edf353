import {
  lockStatus,
  type DomainError,
  type DomainErrorType,
  type ErrorOf,
  type FailureLimitPolicy,
  type Result,
} from '@accounts/domain';
import type { Ports, UserAccount } from '../ports.js';
import { UNOBSERVED, type AuthCheckObserver } from './auth-check-observer.js';

/** Refusals that count towards the failure limit: a wrong password or code was checked. */
const CREDENTIAL_FAILURES: readonly DomainErrorType[] = [
  'InvalidPassword',
  'InvalidTwoFactorCode',
  'InvalidVerificationCode',
];

export function isCredentialFailure(error: { type: DomainErrorType }): boolean {
  return CREDENTIAL_FAILURES.includes(error.type);
}

/** Failed password and code checks per account, kept in the database so every instance shares them. */
export class FailureLimit {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'clock' | 'logger'>,
    private readonly policy: FailureLimitPolicy,
    private readonly observer: AuthCheckObserver = UNOBSERVED,
  ) {}

  /** TooManyAttempts when the account is locked: the caller answers it without checking anything. */
  lockOf(user: UserAccount): ErrorOf<'TooManyAttempts'> | null {
    const status = lockStatus(user.authFailures, this.deps.clock.now(), this.policy);
    if (!status.locked) return null;
    this.observer.refusedWhileLocked();
    return { type: 'TooManyAttempts', retryAfterSeconds: status.retryAfterSeconds };
  }

  /** Records the outcome of checks that ran, and returns it: a credential failure counts, a pass resets. */
  async settle<T, E extends DomainError>(user: UserAccount, outcome: Result<T, E>): Promise<Result<T, E>> {
    if (outcome.ok) {
      if (user.authFailures.count > 0) await this.deps.users.clearAuthFailures(user.id);
    } else if (isCredentialFailure(outcome.error)) {
      const failures = await this.deps.users.recordAuthFailure(
        user.id,
        this.deps.clock.now(),
        this.policy.windowMs,
      );
      this.observer.failedCheck(outcome.error.type);
      if (failures.count === this.policy.maxFailures) {
        this.deps.logger.warn({ event: 'account_locked', userId: user.id }, 'Too many failed attempts');
        this.observer.locked();
      }
    }
    return outcome;
  }
}
