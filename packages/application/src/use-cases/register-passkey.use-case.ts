import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports, UserAccount } from '../ports.js';
import type { PasskeyAssertion } from '../reauthentication/passkey-assertion.js';
import type { SecondFactor, SecondFactorProof } from '../reauthentication/second-factor.js';
import type {
  SecondFactorChange,
  SecondFactorChangeError,
  SecondFactorChangeInput,
  SecondFactorProofInput,
} from '../reauthentication/second-factor-change.js';
import type { PasskeySummary } from './list-passkeys.use-case.js';

export type RegisterPasskeyError =
  | SecondFactorChangeError
  | ErrorOf<
      | 'TwoFactorCodeRequired'
      | 'TwoFactorSecretMissing'
      | 'InvalidVerificationCode'
      | 'InvalidPasskeyResponse'
      | 'PasskeyAlreadyRegistered'
      | 'TooManyPasskeys'
    >;

export const DEFAULT_PASSKEY_NAME = 'Passkey';
/** Every options answer lists them all: a bound keeps those answers (and the table) small. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

/** How the second factor was proven for this registration; a code is used up with the change. */
type FactorProof = { kind: 'none' } | { kind: 'code'; proof: SecondFactorProof };

/**
 * Stores a new passkey. Adding a factor is a change of the second factor: with
 * TWO_FACTOR_REQUIRE_PASSWORD the password comes first, and an account whose second factor is on
 * (TOTP, or a passkey already registered) must prove it (a TOTP or backup code, or an assertion of
 * one of its passkeys), so that a stolen token alone cannot add a passkey that then stands in for
 * TOTP. Only then is the response verified against the caller's latest registration challenge
 * (used up whatever the outcome; refused after five minutes), and stored with PASSKEY_ADD behind the
 * account's lock, at most MAX_PASSKEYS_PER_ACCOUNT of them.
 */
export class RegisterPasskey {
  constructor(
    private readonly deps: Pick<
      Ports,
      'users' | 'passkeys' | 'passkeyChallenges' | 'passkeyVerifier' | 'clock' | 'unitOfWork'
    >,
    private readonly secondFactorChange: SecondFactorChange,
    private readonly secondFactor: SecondFactor,
    private readonly passkeyAssertion: PasskeyAssertion,
  ) {}

  async execute(
    /** The proof of the account's second factor is needed when it is on. */
    input: SecondFactorChangeInput &
      SecondFactorProofInput & { userId: string; response: unknown; name?: string | undefined },
  ): Promise<Result<PasskeySummary, RegisterPasskeyError>> {
    const missing = this.secondFactorChange.missingPassword(input);
    if (missing) return err(missing);
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });

    const passkeys = await this.deps.passkeys.countByUser(user.id);
    const factorOn = user.twoFactorEnabled || passkeys > 0;
    // Nothing to prove: the account has no second factor and the password is not asked for.
    if (!factorOn && !this.secondFactorChange.requirePassword) {
      return this.register(user, input, { kind: 'none' });
    }

    return this.secondFactorChange.run(
      user,
      input,
      (): Result<null, RegisterPasskeyError> => {
        if (factorOn && !input.verificationCode && input.passkey === undefined) {
          return err({ type: 'TwoFactorCodeRequired' });
        }
        return ok(null);
      },
      async () => {
        if (!factorOn) return this.register(user, input, { kind: 'none' });
        const proven = await this.proveSecondFactor(user, passkeys, input);
        if (!proven.ok) return proven;
        const registered = await this.register(user, input, proven.value);
        const factor = proven.value;
        if (registered.ok && factor.kind === 'code' && factor.proof.kind === 'totp' && user.twoFactorSecret) {
          await this.secondFactor.resealIfStale(user.id, user.twoFactorSecret, factor.proof.secret);
        }
        return registered;
      },
    );
  }

  /** The second factor the body carries, checked: an assertion (a passkey registered) or a code (TOTP on). */
  private async proveSecondFactor(
    user: UserAccount,
    passkeys: number,
    input: SecondFactorProofInput,
  ): Promise<Result<FactorProof, RegisterPasskeyError>> {
    if (input.passkey !== undefined) {
      if (passkeys === 0 || !(await this.passkeyAssertion.verify(user.id, input.passkey))) {
        return err({ type: 'InvalidVerificationCode' });
      }
      return ok({ kind: 'none' });
    }
    if (!user.twoFactorEnabled) return err({ type: 'InvalidVerificationCode' });
    const stored = user.twoFactorSecret;
    if (stored === null) return err({ type: 'TwoFactorSecretMissing' });
    const proof = await this.secondFactor.identify(user, stored, input.verificationCode ?? '');
    if (!proof) return err({ type: 'InvalidVerificationCode' });
    return ok({ kind: 'code', proof });
  }

  private async register(
    user: UserAccount,
    input: { response: unknown; name?: string | undefined },
    factor: FactorProof,
  ): Promise<Result<PasskeySummary, RegisterPasskeyError>> {
    const challenge = await this.deps.passkeyChallenges.take(user.id, 'registration');
    // No challenge left because the account (and its challenges) went meanwhile: as after the delete.
    if (!challenge)
      return err({
        type: (await this.deps.users.findById(user.id)) ? 'InvalidPasskeyResponse' : 'UserNotFound',
      });
    if (challenge.expiresAt.getTime() <= this.deps.clock.now().getTime()) {
      return err({ type: 'InvalidPasskeyResponse' });
    }
    const credential = await this.deps.passkeyVerifier.verifyRegistration({
      response: input.response,
      expectedChallenge: challenge.challenge,
    });
    if (!credential) return err({ type: 'InvalidPasskeyResponse' });

    const name = input.name ?? DEFAULT_PASSKEY_NAME;
    return this.deps.unitOfWork.run(async (tx): Promise<Result<PasskeySummary, RegisterPasskeyError>> => {
      // The account first (the lock order of its writes); deleted meanwhile, it is not found.
      if (!(await tx.users.lock(user.id))) return err({ type: 'UserNotFound' });
      // A code is used up with the change, so a replayed one never adds a second passkey.
      if (factor.kind === 'code' && !(await this.secondFactor.spend(tx, user.id, factor.proof))) {
        return err({ type: 'InvalidVerificationCode' });
      }
      // Counted behind the account's lock, so parallel registrations cannot pass the bound together.
      if ((await tx.passkeys.countByUser(user.id)) >= MAX_PASSKEYS_PER_ACCOUNT) {
        return err({ type: 'TooManyPasskeys' });
      }
      const added = await tx.passkeys.add({ userId: user.id, name, ...credential });
      if (!added.ok) return added;
      const { id, createdAt, lastUsedAt } = added.value;
      await tx.auditLog.append({ userId: user.id, event: 'PASSKEY_ADD', details: { passkeyId: id, name } });
      return ok({ id, name, createdAt, lastUsedAt });
    });
  }
}
