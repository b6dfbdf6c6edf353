import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { PasskeyCreationOptions, Ports } from '../ports.js';
import { PASSKEY_CHALLENGE_TTL_MS } from '../reauthentication/passkey-assertion.js';

/**
 * The options for navigator.credentials.create: the caller as the user, the caller's passkeys
 * excluded, and a new challenge kept for the caller for five minutes.
 */
export class GetPasskeyRegistrationOptions {
  constructor(
    private readonly deps: Pick<
      Ports,
      'users' | 'passkeys' | 'passkeyChallenges' | 'passkeyVerifier' | 'clock'
    >,
  ) {}

  async execute(input: { userId: string }): Promise<Result<PasskeyCreationOptions, ErrorOf<'UserNotFound'>>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const options = await this.deps.passkeyVerifier.registrationOptions({
      user: { id: user.id, email: user.email, displayName: user.displayName },
      exclude: await this.deps.passkeys.listByUser(user.id),
    });
    await this.deps.passkeyChallenges.save({
      userId: user.id,
      ceremony: 'registration',
      challenge: options.challenge,
      expiresAt: new Date(this.deps.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
    return ok(options);
  }
}
