import {
  BACKUP_CODE_POLICY,
  backupCodeFromIndexes,
  checkCanEnable,
  err,
  normalizeBackupCode,
  ok,
  parseTotpSecret,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';
import type { FailureLimit } from '../reauthentication/failure-limit.js';
import type { SecondFactor } from '../reauthentication/second-factor.js';

export type ConfirmTwoFactorError = ErrorOf<
  'UserNotFound' | 'TwoFactorAlreadyEnabled' | 'InvalidSecret' | 'TooManyAttempts' | 'InvalidVerificationCode'
>;

/** Turns 2FA on once a code verifies against the submitted secret; returns fresh backup codes once. */
export class ConfirmTwoFactor {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'secrets' | 'random' | 'unitOfWork'>,
    private readonly failureLimit: FailureLimit,
    private readonly secondFactor: SecondFactor,
  ) {}

  async execute(input: {
    userId: string;
    secret: string;
    verificationCode: string;
  }): Promise<Result<{ backupCodes: string[] }, ConfirmTwoFactorError>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const canEnable = checkCanEnable({
      enabled: user.twoFactorEnabled,
      hasSecret: user.twoFactorSecret !== null,
    });
    if (!canEnable.ok) return canEnable;
    const secret = parseTotpSecret(input.secret);
    if (!secret) return err({ type: 'InvalidSecret' });
    const lock = this.failureLimit.lockOf(user);
    if (lock) return err(lock);

    const step = await this.secondFactor.freshTotpStep(user, secret, input.verificationCode);
    const backupCodes = this.newBackupCodes();
    const outcome: Result<void, ErrorOf<'InvalidVerificationCode'>> = step === null
      ? err({ type: 'InvalidVerificationCode' })
      : await this.deps.unitOfWork.run(async (tx) => {
          if (!(await tx.users.consumeTotpStep(user.id, step)))
            return err({ type: 'InvalidVerificationCode' });
          await tx.users.setTwoFactor(user.id, {
            enabled: true,
            secret: this.deps.secrets.seal(user.id, secret),
          });
          await tx.backupCodes.replace(
            user.id,
            backupCodes.map((code) => normalizeBackupCode(code) ?? code),
          );
          await tx.auditLog.append({ userId: user.id, event: 'TWO_FACTOR_ENABLE', details: {} });
          return ok();
        });
    await this.failureLimit.settle(user, outcome);
    return outcome.ok ? ok({ backupCodes }) : outcome;
  }

  private newBackupCodes(): string[] {
    const { count, length, alphabet } = BACKUP_CODE_POLICY;
    return Array.from({ length: count }, () =>
      backupCodeFromIndexes(this.deps.random.integers(length, alphabet.length)),
    );
  }
}
