import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';

export type TwoFactorStatus = { twoFactorEnabled: boolean; backupCodesRemaining: number; passkeys: number };

/** What an account page shows about the second factor. */
export class GetTwoFactorStatus {
  constructor(private readonly deps: Pick<Ports, 'users' | 'backupCodes' | 'passkeys'>) {}

  async execute(input: { userId: string }): Promise<Result<TwoFactorStatus, ErrorOf<'UserNotFound'>>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const passkeys = await this.deps.passkeys.countByUser(user.id);
    if (!user.twoFactorEnabled) return ok({ twoFactorEnabled: false, backupCodesRemaining: 0, passkeys });
    return ok({
      twoFactorEnabled: true,
      backupCodesRemaining: await this.deps.backupCodes.count(user.id),
      passkeys,
    });
  }
}
