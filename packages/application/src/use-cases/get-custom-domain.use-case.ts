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

export type GetCustomDomainError = ErrorOf<'AccountDisabled' | 'AccountBanned' | 'UserNotFound'>;

/**
 * The custom domain of the DROP entitlement. It has no body to validate, so it applies the
 * account gate itself, from the same single read that fetches the entitlement.
 */
export class GetCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements'>) {}

  async execute(input: { userId: string }): Promise<Result<CustomDomainView, GetCustomDomainError>> {
    const { flags, entitlement } = await this.deps.entitlements.findWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    const allowed = mayCall(flags, 'get-custom-domain');
    if (!allowed.ok) return allowed;
    return ok(customDomainView(entitlement));
  }
}
