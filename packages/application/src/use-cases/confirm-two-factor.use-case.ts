import {
  checkCanEnable,
  err,
  normalizeBackupCode,
  ok,
  parseTotpSecret,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';
import { newBackupCodes } from '../random-codes.js';
import type { SecondFactor } from '../reauthentication/second-factor.js';
import type {
  SecondFactorChange,
  SecondFactorChangeError,
  SecondFactorChangeInput,
} from '../reauthentication/second-factor-change.js';

export type ConfirmTwoFactorError =
  SecondFactorChangeError | ErrorOf<'TwoFactorAlreadyEnabled' | 'InvalidSecret' | 'InvalidVerificationCode'>;

/**
 * Turns 2FA on once a code verifies against the submitted secret; returns fresh backup codes once.
 * Of parallel confirms exactly one turns it on: the others find it on and change nothing.
 */
export class ConfirmTwoFactor {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'secrets' | 'random' | 'unitOfWork'>,
    private readonly secondFactorChange: SecondFactorChange,
    private readonly secondFactor: SecondFactor,
  ) {}

  async execute(
    input: SecondFactorChangeInput & { userId: string; secret: string; verificationCode: string },
  ): Promise<Result<{ backupCodes: string[] }, ConfirmTwoFactorError>> {
    const missing = this.secondFactorChange.missingPassword(input);
    if (missing) return err(missing);
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });

    return this.secondFactorChange.run(
      user,
      input,
      (): Result<string, ConfirmTwoFactorError> => {
        const canEnable = checkCanEnable({
          enabled: user.twoFactorEnabled,
          hasSecret: user.twoFactorSecret !== null,
        });
        if (!canEnable.ok) return canEnable;
        const secret = parseTotpSecret(input.secret);
        return secret ? ok(secret) : err({ type: 'InvalidSecret' });
      },
      async (secret) => {
        const step = await this.secondFactor.freshTotpStep(user, secret, input.verificationCode);
        if (step === null) return err({ type: 'InvalidVerificationCode' });
        const backupCodes = newBackupCodes(this.deps.random);
        return this.deps.unitOfWork.run<{ backupCodes: string[] }, ConfirmTwoFactorError>(async (tx) => {
          // The account first (the lock order of its writes); deleted meanwhile, it is not found.
          if (!(await tx.users.lock(user.id))) return err({ type: 'UserNotFound' });
          // Conditional: only while 2FA is off. A parallel confirm that got here first wins, also
          // when it used this very time step.
          const sealed = this.deps.secrets.seal(user.id, secret);
          if (!(await tx.users.enableTwoFactor(user.id, sealed)))
            return err({ type: 'TwoFactorAlreadyEnabled' });
          if (!(await tx.users.consumeTotpStep(user.id, step)))
            return err({ type: 'InvalidVerificationCode' });
          await tx.backupCodes.replace(
            user.id,
            backupCodes.map((code) => normalizeBackupCode(code) ?? code),
          );
          await tx.auditLog.append({ userId: user.id, event: 'TWO_FACTOR_ENABLE', details: {} });
          return ok({ backupCodes });
        });
      },
    );
  }
}
