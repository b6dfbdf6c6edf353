import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { PasskeyRequestOptions, Ports } from '../ports.js';
import { PASSKEY_CHALLENGE_TTL_MS } from '../reauthentication/passkey-assertion.js';
import { keepPasskeyChallenge } from './keep-passkey-challenge.js';

/**
 * The options for navigator.credentials.get, to re-authenticate with a passkey: the caller's
 * passkeys allowed, and a new challenge kept for the caller for five minutes (the account's row
 * taken first: UserNotFound when it was deleted meanwhile).
 */
export class GetPasskeyAuthenticationOptions {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'passkeys' | 'passkeyVerifier' | 'clock' | 'unitOfWork'>,
  ) {}

  async execute(input: {
    userId: string;
  }): Promise<Result<PasskeyRequestOptions, ErrorOf<'UserNotFound' | 'NoPasskeyRegistered'>>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const passkeys = await this.deps.passkeys.listByUser(user.id);
    if (passkeys.length === 0) {
      // A delete that committed after the account's read took its passkeys with it: asked again,
      // the account is gone too, and the answer is the one after the delete, not a mix of both.
      const stillThere = await this.deps.users.findById(user.id);
      return err({ type: stillThere ? 'NoPasskeyRegistered' : 'UserNotFound' });
    }
    const options = await this.deps.passkeyVerifier.authenticationOptions({ allow: passkeys });
    const kept = await keepPasskeyChallenge(this.deps.unitOfWork, {
      userId: user.id,
      ceremony: 'authentication',
      challenge: options.challenge,
      expiresAt: new Date(this.deps.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
    return kept.ok ? ok(options) : kept;
  }
}
