import { err, type DomainError, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports, UserAccount } from '../ports.js';
import type { FailureLimit } from './failure-limit.js';

/** What a request that changes the second factor may carry besides its own fields. */
export type SecondFactorChangeInput = {
  /** Needed when TWO_FACTOR_REQUIRE_PASSWORD is on. */
  password?: string | undefined;
  /** Where the request came from: the route protection's client key. */
  client?: string | undefined;
};

type PasswordError = ErrorOf<'UserNotFound' | 'InvalidPassword' | 'TooManyAttempts'>;

/**
 * What every change of the second factor may answer besides its own refusals: the password asked
 * for and absent or wrong, too many attempts, or no such user.
 */
export type SecondFactorChangeError = PasswordError | ErrorOf<'PasswordRequired'>;

/** The proof of the account's second factor that a change may carry. */
export type SecondFactorProofInput = {
  /** A TOTP code, or a backup code where the change takes one... */
  verificationCode?: string | undefined;
  /** ...or an assertion of one of the caller's passkeys, in its place. */
  passkey?: unknown;
};

/**
 * The order of checks of 2FA confirm, 2FA disable and backup-code regeneration. By default (as
 * the specification): the operation's preconditions, then its code check and change on one
 * attempt reserved from the failure limit. With `requirePassword` (TWO_FACTOR_REQUIRE_PASSWORD),
 * so that a stolen token alone cannot change the second factor: on one reserved attempt, the
 * password first, then the preconditions, then the code check and change.
 */
export class SecondFactorChange {
  constructor(
    private readonly deps: Pick<Ports, 'hasher'>,
    private readonly failureLimit: FailureLimit,
    readonly requirePassword: boolean,
  ) {}

  /** A body check, made before the user is looked up, as a schema would: the password is required and absent. */
  missingPassword(input: SecondFactorChangeInput): ErrorOf<'PasswordRequired'> | null {
    return this.requirePassword && input.password === undefined ? { type: 'PasswordRequired' } : null;
  }

  async run<P, T, E extends DomainError>(
    user: UserAccount,
    input: SecondFactorChangeInput,
    precondition: () => Result<P, E>,
    change: (checked: P) => Promise<Result<T, E>>,
  ): Promise<Result<T, E | PasswordError>> {
    if (!this.requirePassword) {
      const checked = precondition();
      if (!checked.ok) return checked;
      return this.failureLimit.attempt(user.id, input.client, () => change(checked.value));
    }

    // As for the account operations, an account without a password hash counts as not found.
    const hash = user.passwordHash;
    if (hash === null) return err({ type: 'UserNotFound' });
    return this.failureLimit.attempt<T, E | PasswordError>(user.id, input.client, async () => {
      if (!(await this.deps.hasher.verify(hash, input.password ?? '')))
        return err({ type: 'InvalidPassword' });
      const checked = precondition();
      if (!checked.ok) return checked;
      return change(checked.value);
    });
  }
}
