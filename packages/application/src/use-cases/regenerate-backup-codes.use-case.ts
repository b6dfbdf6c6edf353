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
import type { SecondFactor } from '../reauthentication/second-factor.js';
import type {
  SecondFactorChange,
  SecondFactorChangeInput,
} from '../reauthentication/second-factor-change.js';
import { newBackupCodes } from '../random-codes.js';

export type RegenerateBackupCodesError = ErrorOf<
  | 'PasswordRequired'
  | 'UserNotFound'
  | 'TooManyAttempts'
  | 'InvalidPassword'
  | 'TwoFactorNotEnabled'
  | 'VerificationCodeMissing'
  | 'InvalidVerificationCode'
>;

/**
 * Replaces every backup code with ten new ones, shown once. Only a fresh TOTP code proves the
 * second factor here: a backup code cannot buy a new set.
 */
export class RegenerateBackupCodes {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'secrets' | 'random' | 'unitOfWork'>,
    private readonly secondFactorChange: SecondFactorChange,
    private readonly secondFactor: SecondFactor,
  ) {}

  async execute(
    input: SecondFactorChangeInput & { userId: string; verificationCode?: string | undefined },
  ): Promise<Result<{ backupCodes: string[] }, RegenerateBackupCodesError>> {
    const missing = this.secondFactorChange.missingPassword(input);
    if (missing) return err(missing);
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });

    return this.secondFactorChange.run(
      user,
      input,
      (): Result<{ stored: string; code: string }, RegenerateBackupCodesError> => {
        const stored = user.twoFactorSecret;
        const enabled = checkCanDisable({ enabled: user.twoFactorEnabled, hasSecret: stored !== null });
        if (!enabled.ok || stored === null) return err({ type: 'TwoFactorNotEnabled' });
        if (!input.verificationCode) return err({ type: 'VerificationCodeMissing' });
        return ok({ stored, code: input.verificationCode });
      },
      async ({ stored, code }) => {
        const secret = isTotpCodeShape(code) ? this.deps.secrets.open(user.id, stored) : null;
        const step = secret === null ? null : await this.secondFactor.freshTotpStep(user, secret, code);
        if (secret === null || step === null) return err({ type: 'InvalidVerificationCode' });
        const backupCodes = newBackupCodes(this.deps.random);
        const outcome = await this.deps.unitOfWork.run<{ backupCodes: string[] }, RegenerateBackupCodesError>(
          async (tx) => {
            // The account first (the lock order of its writes); deleted meanwhile, it is not found.
            if (!(await tx.users.lock(user.id))) return err({ type: 'UserNotFound' });
            if (!(await tx.users.consumeTotpStep(user.id, step)))
              return err({ type: 'InvalidVerificationCode' });
            await tx.backupCodes.replace(
              user.id,
              backupCodes.map((backupCode) => normalizeBackupCode(backupCode) ?? backupCode),
            );
            await tx.auditLog.append({
              userId: user.id,
              event: 'TWO_FACTOR_BACKUP_CODES_REGENERATE',
              details: {},
            });
            return ok({ backupCodes });
          },
        );
        if (outcome.ok) await this.secondFactor.resealIfStale(user.id, stored, secret);
        return outcome;
      },
    );
  }
}
