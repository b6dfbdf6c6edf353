import { isFreshStep, isTotpCodeShape, normalizeBackupCode } from '@accounts/domain';
import type { Ports, TransactionalPorts, UserAccount } from './ports.js';

/** A submitted code that checked out, not yet used up. */
export type SecondFactorProof = { kind: 'totp'; step: number } | { kind: 'backup-code'; code: string };

/**
 * Identifies what a submitted code proves: a TOTP code of a step not used before, or something
 * shaped like a backup code (whether it is one is known only when it is spent).
 */
export async function identifySecondFactor(
  deps: Pick<Ports, 'totp' | 'secrets' | 'clock' | 'logger'>,
  user: UserAccount & { twoFactorSecret: string },
  code: string,
): Promise<SecondFactorProof | null> {
  if (isTotpCodeShape(code)) {
    const secret = deps.secrets.open(user.id, user.twoFactorSecret);
    const step = await deps.totp.verify({ secret, code, at: deps.clock.now() });
    if (step === null) return null;
    if (!isFreshStep(step, user.twoFactorLastStep)) {
      deps.logger.warn(
        { event: 'totp_code_reused', userId: user.id },
        'A used TOTP code was submitted again',
      );
      return null;
    }
    return { kind: 'totp', step };
  }
  const backupCode = normalizeBackupCode(code);
  return backupCode ? { kind: 'backup-code', code: backupCode } : null;
}

/** Uses the proof up; false when a parallel request (or an earlier one) already did. */
export async function spendSecondFactor(
  store: Pick<TransactionalPorts, 'users' | 'backupCodes'>,
  deps: Pick<Ports, 'logger'>,
  userId: string,
  proof: SecondFactorProof,
): Promise<boolean> {
  const spent =
    proof.kind === 'totp'
      ? await store.users.consumeTotpStep(userId, proof.step)
      : await store.backupCodes.consume(userId, proof.code);
  if (!spent && proof.kind === 'totp') {
    deps.logger.warn({ event: 'totp_code_reused', userId }, 'A TOTP code was used by a parallel request');
  }
  if (spent && proof.kind === 'backup-code') {
    deps.logger.info({ event: 'backup_code_used', userId }, 'A backup code was used');
  }
  return spent;
}
