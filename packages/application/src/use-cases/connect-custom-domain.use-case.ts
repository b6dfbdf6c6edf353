import {
  DROP_SERVICE,
  err,
  isEnterprise,
  ok,
  parseCustomDomain,
  withCustomDomain,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';

export type ConnectCustomDomainError = ErrorOf<
  'EnterprisePlanRequired' | 'InvalidDomainFormat' | 'DomainInUse'
>;

/**
 * Sets the DROP entitlement's custom domain (unverified). Uniqueness is the store's to enforce,
 * so two concurrent claims of one domain end with one winner.
 */
export class ConnectCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'unitOfWork'>) {}

  async execute(input: {
    userId: string;
    domain: string;
  }): Promise<Result<{ domain: string }, ConnectCustomDomainError>> {
    const entitlement = await this.deps.entitlements.findByService(input.userId, DROP_SERVICE);
    if (!entitlement || !isEnterprise(entitlement)) return err({ type: 'EnterprisePlanRequired' });
    const parsed = parseCustomDomain(input.domain);
    if (!parsed.ok) return parsed;
    const domain = parsed.value;

    return this.deps.unitOfWork.run(async (tx) => {
      const saved = await tx.entitlements.saveMetadata(
        input.userId,
        DROP_SERVICE,
        withCustomDomain(entitlement.metadata, domain),
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
