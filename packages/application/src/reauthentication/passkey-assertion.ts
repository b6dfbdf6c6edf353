import type { Ports } from '../ports.js';

/** How long a WebAuthn challenge can be answered (decisions.md, "Passkeys"). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Checks a passkey assertion as a second factor (decisions.md, "Passkeys"): against the caller's
 * latest authentication challenge (used up here, whatever the outcome, and refused once expired),
 * one of the caller's own passkeys, and a signature counter above the stored one (or 0 where both
 * are: an authenticator without a counter). A counter that does not grow is audited as PASSKEY_COUNTER_REGRESSION. A passing assertion records
 * the new counter and the time of use.
 */
export class PasskeyAssertion {
  constructor(
    private readonly deps: Pick<
      Ports,
      'passkeys' | 'passkeyChallenges' | 'passkeyVerifier' | 'auditLog' | 'clock' | 'logger'
    >,
  ) {}

  async verify(userId: string, response: unknown): Promise<boolean> {
    const challenge = await this.deps.passkeyChallenges.take(userId, 'authentication');
    const now = this.deps.clock.now();
    if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) return false;

    const credentialId = this.deps.passkeyVerifier.credentialIdOf(response);
    const passkeys = await this.deps.passkeys.listByUser(userId);
    const passkey = passkeys.find((candidate) => candidate.credentialId === credentialId);
    if (!passkey) return false;

    const verified = await this.deps.passkeyVerifier.verifyAuthentication({
      response,
      expectedChallenge: challenge.challenge,
      passkey,
    });
    if (!verified) return false;

    const counterless = verified.counter === 0 && passkey.counter === 0;
    if (!counterless && verified.counter <= passkey.counter) {
      this.deps.logger.warn(
        { event: 'PASSKEY_COUNTER_REGRESSION', userId, passkeyId: passkey.id },
        'A passkey signature counter went backwards: the authenticator may be cloned',
      );
      await this.deps.auditLog.append({
        userId,
        event: 'PASSKEY_COUNTER_REGRESSION',
        details: { passkeyId: passkey.id },
      });
      return false;
    }
    return this.deps.passkeys.recordUse(passkey.id, {
      expected: passkey.counter,
      counter: verified.counter,
      at: now,
    });
  }
}
