import { checkOperatorReason, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { OperatorInput } from '../operator/operator-state-change.js';
import type { Ports } from '../ports.js';

export type ResetTwoFactorError = ErrorOf<'UserNotFound' | 'InvalidReason'>;

/**
 * An operator takes every second factor off an account whose owner lost them: TOTP off, its
 * secret, the backup codes and the passkeys removed, and TWO_FACTOR_DISABLE audited with the
 * operator and the reason, in one transaction. The owner can set 2FA up again afterwards. The
 * last accepted TOTP step is kept, so an old code stays used.
 */
export class ResetTwoFactor {
  constructor(private readonly deps: Pick<Ports, 'users' | 'unitOfWork'>) {}

  async execute(input: OperatorInput): Promise<Result<void, ResetTwoFactorError>> {
    const reason = checkOperatorReason(input.reason);
    if (!reason.ok) return reason;
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    return this.deps.unitOfWork.run(async (tx) => {
      await tx.users.setTwoFactor(user.id, { enabled: false, secret: null });
      await tx.backupCodes.deleteAll(user.id);
      await tx.passkeys.removeAllByUser(user.id);
      await tx.auditLog.append({
        userId: user.id,
        event: 'TWO_FACTOR_DISABLE',
        details: { actorId: input.actorId, reason: reason.value },
      });
      return ok();
    });
  }
}
