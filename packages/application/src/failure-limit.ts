import { isCredentialFailure, lockStatus, type ErrorOf, type FailureLimitPolicy } from '@accounts/domain';
import type { Ports, UserAccount } from './ports.js';

/** Failed password and code checks per account, kept in the database so every instance shares them. */
export class FailureLimit {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'clock' | 'logger'>,
    private readonly policy: FailureLimitPolicy,
  ) {}

  lockOf(user: UserAccount): ErrorOf<'TooManyAttempts'> | null {
    const status = lockStatus(user.authFailures, this.deps.clock.now(), this.policy);
    return status.locked ? { type: 'TooManyAttempts', retryAfterSeconds: status.retryAfterSeconds } : null;
  }

  /** Records the outcome of a request whose checks ran: a refusal counts, a pass resets. */
  async settle(user: UserAccount, outcome: { ok: true } | { ok: false; error: { type: string } }) {
    if (outcome.ok) {
      if (user.authFailures.count > 0) await this.deps.users.clearAuthFailures(user.id);
      return;
    }
    if (!isCredentialFailure(outcome.error)) return;
    const failures = await this.deps.users.recordAuthFailure(
      user.id,
      this.deps.clock.now(),
      this.policy.windowMs,
    );
    if (failures.count === this.policy.maxFailures) {
      this.deps.logger.warn({ event: 'account_locked', userId: user.id }, 'Too many failed attempts');
    }
  }
}
