import { checkCanDisable, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { FailureLimit } from '../failure-limit.js';
import type { Ports } from '../ports.js';
import { identifySecondFactor, spendSecondFactor } from '../second-factor.js';

export type DisableTwoFactorError = ErrorOf<
  | 'DisableCodeRequired'
  | 'UserNotFound'
  | 'TwoFactorNotEnabled'
  | 'TooManyAttempts'
  | 'InvalidVerificationCode'
>;

/** Turns 2FA off when a code verifies against the stored secret (or a backup code is given). */
export class DisableTwoFactor {
  constructor(
    private readonly deps: Pick<
      Ports,
      'users' | 'backupCodes' | 'totp' | 'secrets' | 'unitOfWork' | 'clock' | 'logger'
    >,
    private readonly failureLimit: FailureLimit,
  ) {}

  async execute(input: {
    userId: string;
    verificationCode?: string | undefined;
  }): Promise<Result<void, DisableTwoFactorError>> {
    if (!input.verificationCode) return err({ type: 'DisableCodeRequired' });
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const secret = user.twoFactorSecret;
    const canDisable = checkCanDisable({ enabled: user.twoFactorEnabled, hasSecret: secret !== null });
    if (!canDisable.ok || secret === null) return err({ type: 'TwoFactorNotEnabled' });
    const lock = this.failureLimit.lockOf(user);
    if (lock) return err(lock);

    const proof = await identifySecondFactor(
      this.deps,
      { ...user, twoFactorSecret: secret },
      input.verificationCode,
    );
    const outcome: Result<void, ErrorOf<'InvalidVerificationCode'>> = !proof
      ? err({ type: 'InvalidVerificationCode' })
      : await this.deps.unitOfWork.run(async (tx) => {
          if (!(await spendSecondFactor(tx, this.deps, user.id, proof)))
            return err({ type: 'InvalidVerificationCode' });
          await tx.users.setTwoFactor(user.id, { enabled: false, secret: null });
          await tx.backupCodes.deleteAll(user.id);
          await tx.auditLog.append({ userId: user.id, event: 'TWO_FACTOR_DISABLE', details: {} });
          return ok();
        });
    await this.failureLimit.settle(user, outcome);
    return outcome;
  }
}
