import { isFreshStep, isTotpCodeShape, normalizeBackupCode } from '@accounts/domain';
import type { Ports, TransactionalPorts, UserAccount } from '../ports.js';

/** A submitted code that checked out, not yet used up. */
export type SecondFactorProof = { kind: 'totp'; step: number } | { kind: 'backup-code'; code: string };

type CodeOwner = Pick<UserAccount, 'id' | 'twoFactorLastStep'>;

/** Checking a submitted code against a user's second factor, and using it up. */
export class SecondFactor {
  constructor(private readonly deps: Pick<Ports, 'totp' | 'secrets' | 'clock' | 'logger'>) {}

  /**
   * What a submitted code proves: a TOTP code of a step not used before (checked against the
   * stored secret, opened here), or something shaped like a backup code (whether it is one is
   * known only when it is spent). Throws when the stored secret cannot be opened.
   */
  async identify(user: CodeOwner, storedSecret: string, code: string): Promise<SecondFactorProof | null> {
    if (isTotpCodeShape(code)) {
      const secret = this.deps.secrets.open(user.id, storedSecret);
      const step = await this.freshTotpStep(user, secret, code);
      return step === null ? null : { kind: 'totp', step };
    }
    const backupCode = normalizeBackupCode(code);
    return backupCode ? { kind: 'backup-code', code: backupCode } : null;
  }

  /** The time step a TOTP code matches under `secret`, or null when it matches none or one already used. */
  async freshTotpStep(user: CodeOwner, secret: string, code: string): Promise<number | null> {
    const step = await this.deps.totp.verify({ secret, code, at: this.deps.clock.now() });
    if (step === null) return null;
    if (!isFreshStep(step, user.twoFactorLastStep)) {
      this.deps.logger.warn(
        { event: 'totp_code_reused', userId: user.id },
        'A used TOTP code was submitted again',
      );
      return null;
    }
    return step;
  }

  /** Uses the proof up in `store`; false when a parallel request (or an earlier one) already did. */
  async spend(
    store: Pick<TransactionalPorts, 'users' | 'backupCodes'>,
    userId: string,
    proof: SecondFactorProof,
  ): Promise<boolean> {
    const spent =
      proof.kind === 'totp'
        ? await store.users.consumeTotpStep(userId, proof.step)
        : await store.backupCodes.consume(userId, proof.code);
    if (!spent && proof.kind === 'totp') {
      this.deps.logger.warn(
        { event: 'totp_code_reused', userId },
        'A TOTP code was used by a parallel request',
      );
    }
    if (spent && proof.kind === 'backup-code') {
      this.deps.logger.info({ event: 'backup_code_used', userId }, 'A backup code was used');
    }
    return spent;
  }
}
