import {
  checkReauthentication,
  err,
  ok,
  type ErrorOf,
  type ReauthenticationError,
  type Result,
} from '@accounts/domain';
import type { FailureLimit } from './failure-limit.js';
import type { Ports, UserAccount } from './ports.js';
import { identifySecondFactor, spendSecondFactor } from './second-factor.js';

export type ReauthenticationInput = {
  userId: string;
  password: string;
  verificationCode?: string | undefined;
};
export type ReauthenticateError = ReauthenticationError | ErrorOf<'TooManyAttempts'>;

/**
 * The checks shared by disable, enable, ban, unban and delete: user, password, second factor.
 * A code that passes is used up (committed) before this returns, so a replay never gets further.
 */
export class Reauthenticate {
  constructor(
    private readonly deps: Pick<
      Ports,
      'users' | 'backupCodes' | 'hasher' | 'totp' | 'secrets' | 'clock' | 'logger'
    >,
    private readonly failureLimit: FailureLimit,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<UserAccount, ReauthenticateError>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user || !user.passwordHash) return err({ type: 'UserNotFound' });
    const lock = this.failureLimit.lockOf(user);
    if (lock) return err(lock);

    const outcome = await this.check(user, user.passwordHash, input);
    await this.failureLimit.settle(user, outcome);
    return outcome.ok ? ok(user) : outcome;
  }

  private async check(
    user: UserAccount,
    passwordHash: string,
    input: ReauthenticationInput,
  ): Promise<Result<void, ReauthenticationError>> {
    // argon2 runs whenever a hash exists, so a wrong code costs as much as a wrong password.
    const passwordMatches = await this.deps.hasher.verify(passwordHash, input.password);
    const code = input.verificationCode || undefined;
    const secret = user.twoFactorSecret;
    // The secret is opened only once the password matched: a wrong password is a 401 (step 2)
    // even when the stored secret cannot be opened (a 500 of step 3).
    const proof =
      passwordMatches && user.twoFactorEnabled && code && secret
        ? await identifySecondFactor(this.deps, { ...user, twoFactorSecret: secret }, code)
        : null;
    const codeMatches = proof !== null && (await spendSecondFactor(this.deps, this.deps, user.id, proof));
    return checkReauthentication({
      account: {
        hasPasswordHash: true,
        twoFactorEnabled: user.twoFactorEnabled,
        hasTwoFactorSecret: secret !== null,
      },
      passwordMatches,
      codeProvided: code !== undefined,
      codeMatches,
    });
  }
}
