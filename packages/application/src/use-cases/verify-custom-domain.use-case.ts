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

export type VerifyCustomDomainError = ErrorOf<'EnterprisePlanRequired' | 'CustomDomainNotSet'>;

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
    const entitlement = await this.deps.entitlements.findByService(input.userId, DROP_SERVICE);
    if (!entitlement || !isEnterprise(entitlement)) return err({ type: 'EnterprisePlanRequired' });
    const domain = customDomainOf(entitlement);
    if (domain === null) return err({ type: 'CustomDomainNotSet' });

    const current = await currentVerification(this.deps, input.userId, {
      name: domain,
      verified: entitlement.metadata?.customDomainVerified === true,
    });
    const checked = await checkVerification(this.deps, this.policy, input.userId, current);
    // Deleted meanwhile: as a request after the delete is answered.
    if (checked === null) return err({ type: 'EnterprisePlanRequired' });
    return ok(domainVerificationView(checked));
  }
}
