import {
  checkCanDisable,
  err,
  isTotpCodeShape,
  normalizeBackupCode,
  ok,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';
import type { FailureLimit } from '../reauthentication/failure-limit.js';
import type { SecondFactor } from '../reauthentication/second-factor.js';
import { newBackupCodes } from '../random-codes.js';

export type RegenerateBackupCodesError = ErrorOf<
  | 'UserNotFound'
  | 'TwoFactorNotEnabled'
  | 'VerificationCodeMissing'
  | 'TooManyAttempts'
  | 'InvalidVerificationCode'
>;

/**
 * Replaces every backup code with ten new ones, shown once. Only a fresh TOTP code proves the
 * second factor here: a backup code cannot buy a new set.
 */
export class RegenerateBackupCodes {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'secrets' | 'random' | 'unitOfWork'>,
    private readonly failureLimit: FailureLimit,
    private readonly secondFactor: SecondFactor,
  ) {}

  async execute(input: {
    userId: string;
    verificationCode?: string | undefined;
  }): Promise<Result<{ backupCodes: string[] }, RegenerateBackupCodesError>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const secret = user.twoFactorSecret;
    const enabled = checkCanDisable({ enabled: user.twoFactorEnabled, hasSecret: secret !== null });
    if (!enabled.ok || secret === null) return err({ type: 'TwoFactorNotEnabled' });
    if (!input.verificationCode) return err({ type: 'VerificationCodeMissing' });
    const lock = this.failureLimit.lockOf(user);
    if (lock) return err(lock);

    const code = input.verificationCode;
    const step = isTotpCodeShape(code)
      ? await this.secondFactor.freshTotpStep(user, this.deps.secrets.open(user.id, secret), code)
      : null;
    const backupCodes = newBackupCodes(this.deps.random);
    const outcome: Result<void, ErrorOf<'InvalidVerificationCode'>> = step === null
      ? err({ type: 'InvalidVerificationCode' })
      : await this.deps.unitOfWork.run(async (tx) => {
          if (!(await tx.users.consumeTotpStep(user.id, step)))
            return err({ type: 'InvalidVerificationCode' });
          await tx.backupCodes.replace(
            user.id,
            backupCodes.map((code) => normalizeBackupCode(code) ?? code),
          );
          await tx.auditLog.append({
            userId: user.id,
            event: 'TWO_FACTOR_BACKUP_CODES_REGENERATE',
            details: {},
          });
          return ok();
        });
    await this.failureLimit.settle(user, outcome);
    return outcome.ok ? ok({ backupCodes }) : outcome;
  }
}
