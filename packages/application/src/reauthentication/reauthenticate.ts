import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports, UserAccount } from '../ports.js';
import { UNKNOWN_CLIENT, type FailureLimit } from './failure-limit.js';
import type { PasskeyAssertion } from './passkey-assertion.js';
import type { SecondFactor } from './second-factor.js';

export type ReauthenticationInput = {
  userId: string;
  password: string;
  verificationCode?: string | undefined;
  /** A passkey assertion (AuthenticationResponseJSON), in place of `verificationCode`. */
  passkey?: unknown;
  /** Where the request came from (the route protection's client key): failures count per account and client. */
  client?: string | undefined;
};

export type ReauthenticateError = ErrorOf<
  | 'UserNotFound'
  | 'TooManyAttempts'
  | 'InvalidPassword'
  | 'TwoFactorCodeRequired'
  | 'TwoFactorSecretMissing'
  | 'InvalidTwoFactorCode'
>;

/**
 * The checks shared by disable, enable, ban, unban and delete, in the order they run
 * (specification 4.5 steps 1 to 3, with the failure limit and single-use codes of the Hardening
 * decisions): the first that fails decides the answer.
 */
export class Reauthenticate {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'backupCodes' | 'hasher' | 'passkeys'>,
    private readonly failureLimit: FailureLimit,
    private readonly secondFactor: SecondFactor,
    private readonly passkeyAssertion: PasskeyAssertion,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<UserAccount, ReauthenticateError>> {
    // 1. The user, with a password hash (and, in the same read, its failure counts).
    const found = await this.deps.users.findWithFailureCounts(input.userId, input.client ?? UNKNOWN_CLIENT);
    if (!found?.user.passwordHash) return err({ type: 'UserNotFound' });
    const { user, failures } = found;
    const passwordHash = found.user.passwordHash;

    // One attempt is taken from the failure limit before anything is checked (a locked account or
    // client is refused here); a wrong password or code keeps it, a pass resets the counts.
    return this.failureLimit.attempt<UserAccount, ReauthenticateError>(
      user.id,
      input.client,
      async () => {
        // 2. The password. argon2 runs whenever a hash exists, so a wrong code costs as much as a
        // wrong password.
        if (!(await this.deps.hasher.verify(passwordHash, input.password))) {
          return err({ type: 'InvalidPassword' });
        }

        // 3. The second factor, when TOTP is on or a passkey is registered: a passkey assertion
        // when one is given (and a passkey is registered), else a code (and TOTP is on). The secret
        // is opened only now that the password matched: a wrong password is answered as such even
        // when the secret cannot be opened (which throws).
        const passkeys = await this.deps.passkeys.countByUser(user.id);
        if (input.passkey !== undefined && (passkeys > 0 || user.twoFactorEnabled)) {
          if (passkeys === 0 || !(await this.passkeyAssertion.verify(user.id, input.passkey))) {
            return err({ type: 'InvalidTwoFactorCode' });
          }
          return ok(user);
        }
        if (!user.twoFactorEnabled && passkeys > 0) {
          if (!input.verificationCode) return err({ type: 'TwoFactorCodeRequired' });
          return err({ type: 'InvalidTwoFactorCode' });
        }
        if (user.twoFactorEnabled) {
          if (!input.verificationCode) return err({ type: 'TwoFactorCodeRequired' });
          const stored = user.twoFactorSecret;
          if (stored === null) return err({ type: 'TwoFactorSecretMissing' });
          const proof = await this.secondFactor.identify(user, stored, input.verificationCode);
          // A code that passes is used up (committed) here, so a replay never gets further.
          if (!proof || !(await this.secondFactor.spend(this.deps, user.id, proof))) {
            return err({ type: 'InvalidTwoFactorCode' });
          }
          if (proof.kind === 'totp') await this.secondFactor.resealIfStale(user.id, stored, proof.secret);
        }

        return ok(user);
      },
      failures,
    );
  }
}
