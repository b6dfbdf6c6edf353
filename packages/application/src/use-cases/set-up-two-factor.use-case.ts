import { checkCanEnable, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';

export type SetUpTwoFactorError = ErrorOf<'UserNotFound' | 'TwoFactorAlreadyEnabled'>;
export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };

/** A new secret and its QR code; nothing is stored until the user confirms a code. */
export class SetUpTwoFactor {
  constructor(private readonly deps: Pick<Ports, 'users' | 'totp' | 'qrCodes'>) {}

  async execute(input: { userId: string }): Promise<Result<TwoFactorSetup, SetUpTwoFactorError>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const canEnable = checkCanEnable({
      enabled: user.twoFactorEnabled,
      hasSecret: user.twoFactorSecret !== null,
    });
    if (!canEnable.ok) return canEnable;

    const secret = this.deps.totp.generateSecret();
    const otpauthUrl = this.deps.totp.keyUri({ secret, accountName: user.email });
    const qrCode = await this.deps.qrCodes.toPngDataUri(otpauthUrl);
    return ok({ secret, otpauthUrl, qrCode });
  }
}
