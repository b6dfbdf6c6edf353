import {
  checkCanDisable,
  err,
  isTotpCodeShape,
  normalizeBackupCode,
  ok,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports, TransactionalPorts } from '../ports.js';
import type { PasskeyAssertion } from '../reauthentication/passkey-assertion.js';
import type { SecondFactor } from '../reauthentication/second-factor.js';
import type {
  SecondFactorChange,
  SecondFactorChangeError,
  SecondFactorChangeInput,
  SecondFactorProofInput,
} from '../reauthentication/second-factor-change.js';
import { newBackupCodes } from '../random-codes.js';

export type RegenerateBackupCodesError =
  | SecondFactorChangeError
  | ErrorOf<'TwoFactorNotEnabled' | 'VerificationCodeMissing' | 'InvalidVerificationCode'>;

/**
 * Replaces every backup code with ten new ones, shown once. Only a fresh TOTP code or a passkey
 * assertion proves the second factor here: a backup code cannot buy a new set.
 */
export class RegenerateBackupCodes {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'secrets' | 'random' | 'unitOfWork'>,
    private readonly secondFactorChange: SecondFactorChange,
    private readonly secondFactor: SecondFactor,
    private readonly passkeyAssertion: PasskeyAssertion,
  ) {}

  async execute(
    input: SecondFactorChangeInput & SecondFactorProofInput & { userId: string },
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
        if (input.passkey !== undefined) return ok({ stored, code: '' });
        if (!input.verificationCode) return err({ type: 'VerificationCodeMissing' });
        return ok({ stored, code: input.verificationCode });
      },
      async ({ stored, code }) => {
        if (input.passkey !== undefined) {
          if (!(await this.passkeyAssertion.verify(user.id, input.passkey)))
            return err({ type: 'InvalidVerificationCode' });
          return this.replaceCodes(user.id, () => Promise.resolve(true));
        }
        const secret = isTotpCodeShape(code) ? this.deps.secrets.open(user.id, stored) : null;
        const step = secret === null ? null : await this.secondFactor.freshTotpStep(user, secret, code);
        if (secret === null || step === null) return err({ type: 'InvalidVerificationCode' });
        const outcome = await this.replaceCodes(user.id, (tx) => tx.users.consumeTotpStep(user.id, step));
        if (outcome.ok) await this.secondFactor.resealIfStale(user.id, stored, secret);
        return outcome;
      },
    );
  }

  /** Ten new codes in place of the old ones, audited, when `spend` (run first, in the same unit) passes. */
  private async replaceCodes(
    userId: string,
    spend: (tx: TransactionalPorts) => Promise<boolean>,
  ): Promise<Result<{ backupCodes: string[] }, RegenerateBackupCodesError>> {
    const backupCodes = newBackupCodes(this.deps.random);
    return this.deps.unitOfWork.run<{ backupCodes: string[] }, RegenerateBackupCodesError>(async (tx) => {
      // The account first (the lock order of its writes); deleted meanwhile, it is not found.
      if (!(await tx.users.lock(userId))) return err({ type: 'UserNotFound' as const });
      if (!(await spend(tx))) return err({ type: 'InvalidVerificationCode' as const });
      await tx.backupCodes.replace(
        userId,
        backupCodes.map((backupCode) => normalizeBackupCode(backupCode) ?? backupCode),
      );
      await tx.auditLog.append({ userId, event: 'TWO_FACTOR_BACKUP_CODES_REGENERATE', details: {} });
      return ok({ backupCodes });
    });
  }
}
