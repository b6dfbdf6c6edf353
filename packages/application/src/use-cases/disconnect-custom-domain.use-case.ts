import {
  customDomainOf,
  CUSTOM_DOMAIN_KEYS,
  DROP_SERVICE,
  err,
  ok,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';

export type DisconnectCustomDomainError = ErrorOf<'UserNotFound'>;

/**
 * Removes the custom domain, its verified flag and its verification state, keeping other metadata;
 * idempotent for an existing account, User not found for one that does not exist (any more).
 */
export class DisconnectCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'unitOfWork'>) {}

  async execute(input: { userId: string }): Promise<Result<void, DisconnectCustomDomainError>> {
    const { flags, entitlement } = await this.deps.entitlements.findWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    if (customDomainOf(entitlement) === null) return ok();

    return this.deps.unitOfWork.run(async (tx): Promise<Result<void, DisconnectCustomDomainError>> => {
      // The account first (the lock order of its writes); gone meanwhile: as after the delete.
      if (!(await tx.users.lock(input.userId))) return err({ type: 'UserNotFound' });
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
