import { customDomainOf, DROP_SERVICE, ok, withoutCustomDomain } from '@accounts/domain';
import type { Ports } from '../ports.js';

/** Removes the custom domain and its verified flag, keeping other metadata; idempotent. */
export class DisconnectCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'unitOfWork'>) {}

  async execute(input: { userId: string }): Promise<void> {
    const entitlement = await this.deps.entitlements.findByService(input.userId, DROP_SERVICE);
    if (customDomainOf(entitlement) === null || !entitlement) return;

    await this.deps.unitOfWork.run(async (tx) => {
      await tx.entitlements.saveMetadata(
        input.userId,
        DROP_SERVICE,
        withoutCustomDomain(entitlement.metadata),
      );
      await tx.auditLog.append({
        userId: input.userId,
        event: 'USER_UPDATE',
        details: { field: 'customDomain' },
      });
      return ok();
    });
  }
}
