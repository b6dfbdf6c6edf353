import {
  customDomainView,
  DROP_SERVICE,
  err,
  mayCall,
  ok,
  type CustomDomainView,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';
import { recordSessionUse, refusesToken, type SessionToken } from '../sessions/session-token.js';

export type GetCustomDomainError = ErrorOf<
  'SessionRevoked' | 'AccountDisabled' | 'AccountBanned' | 'UserNotFound'
>;

/**
 * The custom domain of the DROP entitlement. It has no body to validate, so it applies the
 * token's session check and the account gate itself, from the same single read that fetches the
 * entitlement's metadata.
 */
export class GetCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'sessions' | 'clock'>) {}

  async execute(input: {
    userId: string;
    session?: SessionToken | undefined;
  }): Promise<Result<CustomDomainView, GetCustomDomainError>> {
    const { flags, metadata, sessions } = await this.deps.entitlements.findMetadataWithAccountFlags(
      input.userId,
      DROP_SERVICE,
      input.session?.key.key,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    if (input.session && sessions && refusesToken(sessions, input.session)) {
      return err({ type: 'SessionRevoked' });
    }
    const allowed = mayCall(flags, 'get-custom-domain');
    if (!allowed.ok) return allowed;
    if (input.session && sessions) {
      const writing = recordSessionUse(this.deps, input.userId, sessions.session, input.session);
      if (writing) await writing;
    }
    return ok(customDomainView(metadata));
  }
}
