import { customDomainOf, CUSTOM_DOMAIN_KEYS, DROP_SERVICE, ok } from '@accounts/domain';
import type { Ports } from '../ports.js';

/** Removes the custom domain, its verified flag and its verification state, keeping other metadata; idempotent. */
export class DisconnectCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'unitOfWork'>) {}

  async execute(input: { userId: string }): Promise<void> {
    const entitlement = await this.deps.entitlements.findByService(input.userId, DROP_SERVICE);
    if (customDomainOf(entitlement) === null) return;

    await this.deps.unitOfWork.run(async (tx) => {
      // The account first (the lock order of its writes); gone meanwhile, there is nothing to remove.
      if (!(await tx.users.lock(input.userId))) return ok();
      await tx.domainVerifications.delete(input.userId);
      await tx.entitlements.removeMetadataKeys(input.userId, DROP_SERVICE, CUSTOM_DOMAIN_KEYS);
      await tx.auditLog.append({
        userId: input.userId,
        event: 'USER_UPDATE',
        details: { field: 'customDomain' },
      });
      return ok();
    });
  }
}
