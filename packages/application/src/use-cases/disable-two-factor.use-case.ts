import { checkCanDisable, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type { FailureLimit } from '../reauthentication/failure-limit.js';
import type { SecondFactor } from '../reauthentication/second-factor.js';

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
    private readonly deps: Pick<Ports, 'users' | 'unitOfWork'>,
    private readonly failureLimit: FailureLimit,
    private readonly secondFactor: SecondFactor,
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

    const proof = await this.secondFactor.identify(user, secret, input.verificationCode);
    const outcome: Result<void, ErrorOf<'InvalidVerificationCode'>> = !proof
      ? err({ type: 'InvalidVerificationCode' })
      : await this.deps.unitOfWork.run(async (tx) => {
          if (!(await this.secondFactor.spend(tx, user.id, proof)))
            return err({ type: 'InvalidVerificationCode' });
          await tx.users.setTwoFactor(user.id, { enabled: false, secret: null });
          await tx.backupCodes.deleteAll(user.id);
          await tx.auditLog.append({ userId: user.id, event: 'TWO_FACTOR_DISABLE', details: {} });
          return ok();
        });
    return this.failureLimit.settle(user, outcome);
  }
}
