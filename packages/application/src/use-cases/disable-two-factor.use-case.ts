import { checkCanDisable, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type { PasskeyAssertion } from '../reauthentication/passkey-assertion.js';
import type { SecondFactor, SecondFactorProof } from '../reauthentication/second-factor.js';
import type {
  SecondFactorChange,
  SecondFactorChangeError,
  SecondFactorChangeInput,
  SecondFactorProofInput,
} from '../reauthentication/second-factor-change.js';

export type DisableTwoFactorError =
  | SecondFactorChangeError
  | ErrorOf<'DisableCodeRequired' | 'TwoFactorNotEnabled' | 'InvalidVerificationCode'>;

/**
 * Turns 2FA off when a code verifies against the stored secret (or a backup code is given), or a
 * passkey assertion verifies; the passkeys stay.
 */
export class DisableTwoFactor {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'unitOfWork'>,
    private readonly secondFactorChange: SecondFactorChange,
    private readonly secondFactor: SecondFactor,
    private readonly passkeyAssertion: PasskeyAssertion,
  ) {}

  async execute(
    input: SecondFactorChangeInput & SecondFactorProofInput & { userId: string },
  ): Promise<Result<void, DisableTwoFactorError>> {
    const missing = this.secondFactorChange.missingPassword(input);
    if (missing) return err(missing);
    const code = input.verificationCode;
    const passkey = input.passkey;
    if (!code && passkey === undefined) return err({ type: 'DisableCodeRequired' });
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
        if (passkey !== undefined) {
          if (!(await this.passkeyAssertion.verify(user.id, passkey)))
            return err({ type: 'InvalidVerificationCode' });
          return this.turnOff(user.id, null);
        }
        const proof = await this.secondFactor.identify(user, secret, code ?? '');
        if (!proof) return err({ type: 'InvalidVerificationCode' });
        return this.turnOff(user.id, proof);
      },
    );
  }

  /** TOTP off, its secret and backup codes gone, audited; `proof` (a code) is used up first. */
  private turnOff(
    userId: string,
    proof: SecondFactorProof | null,
  ): Promise<Result<void, DisableTwoFactorError>> {
    return this.deps.unitOfWork.run(async (tx) => {
      // The account first (the lock order of its writes): a backup code's row is not taken
      // before it. Deleted meanwhile, it is not found.
      if (!(await tx.users.lock(userId))) return err<DisableTwoFactorError>({ type: 'UserNotFound' });
      if (proof && !(await this.secondFactor.spend(tx, userId, proof)))
        return err({ type: 'InvalidVerificationCode' });
      await tx.users.setTwoFactor(userId, { enabled: false, secret: null });
      await tx.backupCodes.deleteAll(userId);
      await tx.auditLog.append({ userId, event: 'TWO_FACTOR_DISABLE', details: {} });
      return ok();
    });
  }
}
