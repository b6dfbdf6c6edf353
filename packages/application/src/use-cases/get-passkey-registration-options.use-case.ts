import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { PasskeyCreationOptions, Ports } from '../ports.js';
import { PASSKEY_CHALLENGE_TTL_MS } from '../reauthentication/passkey-assertion.js';
import { keepPasskeyChallenge } from './keep-passkey-challenge.js';

/**
 * The options for navigator.credentials.create: the caller as the user, the caller's passkeys
 * excluded, and a new challenge kept for the caller for five minutes (the account's row taken
 * first: UserNotFound when it was deleted meanwhile).
 */
export class GetPasskeyRegistrationOptions {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'passkeys' | 'passkeyVerifier' | 'clock' | 'unitOfWork'>,
  ) {}

  async execute(input: { userId: string }): Promise<Result<PasskeyCreationOptions, ErrorOf<'UserNotFound'>>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const options = await this.deps.passkeyVerifier.registrationOptions({
      user: { id: user.id, email: user.email, displayName: user.displayName },
      exclude: await this.deps.passkeys.listByUser(user.id),
    });
    const kept = await keepPasskeyChallenge(this.deps.unitOfWork, {
      userId: user.id,
      ceremony: 'registration',
      challenge: options.challenge,
      expiresAt: new Date(this.deps.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
    return kept.ok ? ok(options) : kept;
  }
}
