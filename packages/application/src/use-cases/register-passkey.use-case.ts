import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type { PasskeySummary } from './list-passkeys.use-case.js';

export type RegisterPasskeyError = ErrorOf<
  'UserNotFound' | 'InvalidPasskeyResponse' | 'PasskeyAlreadyRegistered'
>;

export const DEFAULT_PASSKEY_NAME = 'Passkey';

/**
 * Stores a new passkey when the registration response verifies against the caller's latest
 * registration challenge (used up here whatever the outcome; refused after five minutes).
 * PASSKEY_ADD is audited with it.
 */
export class RegisterPasskey {
  constructor(
    private readonly deps: Pick<
      Ports,
      'users' | 'passkeyChallenges' | 'passkeyVerifier' | 'clock' | 'unitOfWork'
    >,
  ) {}

  async execute(input: {
    userId: string;
    response: unknown;
    name?: string | undefined;
  }): Promise<Result<PasskeySummary, RegisterPasskeyError>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const challenge = await this.deps.passkeyChallenges.take(user.id, 'registration');
    if (!challenge || challenge.expiresAt.getTime() <= this.deps.clock.now().getTime()) {
      return err({ type: 'InvalidPasskeyResponse' });
    }
    const credential = await this.deps.passkeyVerifier.verifyRegistration({
      response: input.response,
      expectedChallenge: challenge.challenge,
    });
    if (!credential) return err({ type: 'InvalidPasskeyResponse' });

    const name = input.name ?? DEFAULT_PASSKEY_NAME;
    return this.deps.unitOfWork.run(async (tx): Promise<Result<PasskeySummary, RegisterPasskeyError>> => {
      const added = await tx.passkeys.add({ userId: user.id, name, ...credential });
      if (!added.ok) return added;
      const { id, createdAt, lastUsedAt } = added.value;
      await tx.auditLog.append({ userId: user.id, event: 'PASSKEY_ADD', details: { passkeyId: id, name } });
      return ok({ id, name, createdAt, lastUsedAt });
    });
  }
}
