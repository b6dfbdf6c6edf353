import { checkCanDisable, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type { SecondFactor } from '../reauthentication/second-factor.js';
import type {
  SecondFactorChange,
  SecondFactorChangeInput,
} from '../reauthentication/second-factor-change.js';

export type DisableTwoFactorError = ErrorOf<
  | 'PasswordRequired'
  | 'DisableCodeRequired'
  | 'UserNotFound'
  | 'TooManyAttempts'
  | 'InvalidPassword'
  | 'TwoFactorNotEnabled'
  | 'InvalidVerificationCode'
>;

/** Turns 2FA off when a code verifies against the stored secret (or a backup code is given). */
export class DisableTwoFactor {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'unitOfWork'>,
    private readonly secondFactorChange: SecondFactorChange,
    private readonly secondFactor: SecondFactor,
  ) {}

  async execute(
    input: SecondFactorChangeInput & { userId: string; verificationCode?: string | undefined },
  ): Promise<Result<void, DisableTwoFactorError>> {
    const missing = this.secondFactorChange.missingPassword(input);
    if (missing) return err(missing);
    const code = input.verificationCode;
    if (!code) return err({ type: 'DisableCodeRequired' });
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });

    return this.secondFactorChange.run(
      user,
      input,
      (): Result<string, DisableTwoFactorError> => {
        const secret = user.twoFactorSecret;
        const canDisable = checkCanDisable({ enabled: user.twoFactorEnabled, hasSecret: secret !== null });
        return canDisable.ok && secret !== null ? ok(secret) : err({ type: 'TwoFactorNotEnabled' });
      },
      async (secret) => {
        const proof = await this.secondFactor.identify(user, secret, code);
        if (!proof) return err({ type: 'InvalidVerificationCode' });
        return this.deps.unitOfWork.run(async (tx) => {
          // The account first (the lock order of its writes): a backup code's row is not taken
          // before it. Deleted meanwhile, it is not found.
          if (!(await tx.users.lock(user.id))) return err<DisableTwoFactorError>({ type: 'UserNotFound' });
          if (!(await this.secondFactor.spend(tx, user.id, proof)))
            return err({ type: 'InvalidVerificationCode' });
          await tx.users.setTwoFactor(user.id, { enabled: false, secret: null });
          await tx.backupCodes.deleteAll(user.id);
          await tx.auditLog.append({ userId: user.id, event: 'TWO_FACTOR_DISABLE', details: {} });
          return ok();
        });
      },
    );
  }
}
