import {
  customDomainOf,
  domainVerificationView,
  DROP_SERVICE,
  err,
  isEnterprise,
  ok,
  type DomainVerificationPolicy,
  type DomainVerificationView,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import { checkVerification, currentVerification } from '../domain-verification-check.js';
import type { Ports } from '../ports.js';

export type VerifyCustomDomainError = ErrorOf<
  'UserNotFound' | 'EnterprisePlanRequired' | 'CustomDomainNotSet'
>;

/**
 * Looks the verification record up now (also for a domain whose time ran out) and answers where
 * the check stands, whatever the lookup found. A verified domain is not looked up again.
 */
export class VerifyCustomDomain {
  constructor(
    private readonly deps: Pick<
      Ports,
      'entitlements' | 'domainVerifications' | 'dns' | 'unitOfWork' | 'random' | 'clock' | 'logger'
    >,
    private readonly policy: DomainVerificationPolicy,
  ) {}

  async execute(input: { userId: string }): Promise<Result<DomainVerificationView, VerifyCustomDomainError>> {
    const { flags, entitlement } = await this.deps.entitlements.findWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    if (!entitlement || !isEnterprise(entitlement)) return err({ type: 'EnterprisePlanRequired' });
    const domain = customDomainOf(entitlement);
    if (domain === null) return err({ type: 'CustomDomainNotSet' });

    const current = await currentVerification(this.deps, input.userId, {
      name: domain,
      verified: entitlement.metadata?.customDomainVerified === true,
    });
    const checked = await checkVerification(this.deps, this.policy, input.userId, current);
    // Deleted meanwhile: as a request after the delete is answered.
    if (checked === null) return err({ type: 'UserNotFound' });
    return ok(domainVerificationView(checked));
  }
}
