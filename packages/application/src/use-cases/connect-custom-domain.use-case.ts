import {
  connectedDomainKeys,
  connectVerification,
  DROP_SERVICE,
  err,
  isEnterprise,
  ok,
  parseCustomDomain,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';
import { newVerificationToken } from '../random-codes.js';

export type ConnectCustomDomainError = ErrorOf<
  'EnterprisePlanRequired' | 'InvalidDomainFormat' | 'DomainInUse'
>;

/**
 * Sets the DROP entitlement's custom domain (unverified, verification pending). Uniqueness is the
 * store's to enforce, so two concurrent claims of one domain end with one winner.
 */
export class ConnectCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'unitOfWork' | 'random' | 'clock'>) {}

  async execute(input: {
    userId: string;
    domain: string;
  }): Promise<Result<{ domain: string }, ConnectCustomDomainError>> {
    const entitlement = await this.deps.entitlements.findByService(input.userId, DROP_SERVICE);
    if (!entitlement || !isEnterprise(entitlement)) return err({ type: 'EnterprisePlanRequired' });
    const parsed = parseCustomDomain(input.domain);
    if (!parsed.ok) return parsed;
    const domain = parsed.value;
    const freshToken = newVerificationToken(this.deps.random);

    return this.deps.unitOfWork.run<{ domain: string }, ConnectCustomDomainError>(async (tx) => {
      // The account first (the lock order of its writes): gone meanwhile, it answers as it would
      // now, without an entitlement.
      if (!(await tx.users.lock(input.userId))) return err({ type: 'EnterprisePlanRequired' });
      // The verification state next (it locks the row), then the metadata: the order every
      // change of the domain takes.
      const previous = await tx.domainVerifications.find(input.userId);
      await tx.domainVerifications.save(
        input.userId,
        connectVerification(previous, domain, freshToken, this.deps.clock.now()),
      );
      const saved = await tx.entitlements.setMetadataKeys(
        input.userId,
        DROP_SERVICE,
        connectedDomainKeys(domain),
      );
      if (!saved.ok) return saved;
      await tx.auditLog.append({
        userId: input.userId,
        event: 'USER_UPDATE',
        details: { field: 'customDomain', value: domain },
      });
      return ok({ domain });
    });
  }
}
