import { isFreshStep, isTotpCodeShape, normalizeBackupCode } from '@accounts/domain';
import type { Ports, TransactionalPorts, UserAccount } from '../ports.js';

/** A submitted code that checked out, not yet used up. */
export type SecondFactorProof =
  { kind: 'totp'; step: number; secret: string } | { kind: 'backup-code'; code: string };

type CodeOwner = Pick<UserAccount, 'id' | 'twoFactorLastStep'>;

/** Checking a submitted code against a user's second factor, and using it up. */
export class SecondFactor {
  constructor(private readonly deps: Pick<Ports, 'users' | 'totp' | 'secrets' | 'clock' | 'logger'>) {}

  /**
   * What a submitted code proves: a TOTP code of a step not used before (checked against the
   * stored secret, opened here), or something shaped like a backup code (whether it is one is
   * known only when it is spent). Throws when the stored secret cannot be opened.
   */
  async identify(user: CodeOwner, storedSecret: string, code: string): Promise<SecondFactorProof | null> {
    if (isTotpCodeShape(code)) {
      const secret = this.deps.secrets.open(user.id, storedSecret);
      const step = await this.freshTotpStep(user, secret, code);
      return step === null ? null : { kind: 'totp', step, secret };
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

  /**
   * After a successful use of a TOTP secret: seals it again with the current key when `stored`
   * was sealed with an older one, or stored bare while a key is set, so that old keys can be
   * retired. Only while the stored value is still `stored`; a failure is logged, never answered.
   */
  async resealIfStale(userId: string, stored: string, secret: string): Promise<void> {
    if (!this.deps.secrets.needsReseal(stored)) return;
    try {
      const resealed = await this.deps.users.replaceTwoFactorSecret(
        userId,
        stored,
        this.deps.secrets.seal(userId, secret),
      );
      if (resealed) {
        this.deps.logger.info(
          { event: 'totp_secret_resealed', userId },
          'TOTP secret sealed with the current key',
        );
      }
    } catch (error) {
      this.deps.logger.warn(
        { event: 'totp_secret_reseal_failed', userId, err: error },
        'TOTP secret could not be sealed with the current key',
      );
    }
  }
}
