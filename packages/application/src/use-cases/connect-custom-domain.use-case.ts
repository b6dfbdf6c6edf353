import {
  connectedDomainKeys,
  connectVerification,
  CUSTOM_DOMAIN_KEYS,
  DROP_SERVICE,
  err,
  isEnterprise,
  ok,
  parseCustomDomain,
  releasedDomainDetails,
  yieldsTo,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports, TransactionalPorts } from '../ports.js';
import { newVerificationToken } from '../random-codes.js';

export type ConnectCustomDomainError = ErrorOf<
  'UserNotFound' | 'EnterprisePlanRequired' | 'InvalidDomainFormat' | 'DomainInUse'
>;

/**
 * Sets the DROP entitlement's custom domain (unverified, verification pending). Uniqueness is the
 * store's to enforce, so two concurrent claims of one domain end with one winner. Another user's
 * claim whose verification failed is released first, in the same transaction (decisions.md,
 * "Custom-domain verification").
 */
export class ConnectCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'unitOfWork' | 'random' | 'clock'>) {}

  async execute(input: {
    userId: string;
    domain: string;
  }): Promise<Result<{ domain: string }, ConnectCustomDomainError>> {
    const { flags, entitlement } = await this.deps.entitlements.findWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    if (!entitlement || !isEnterprise(entitlement)) return err({ type: 'EnterprisePlanRequired' });
    const parsed = parseCustomDomain(input.domain);
    if (!parsed.ok) return parsed;
    const domain = parsed.value;
    const freshToken = newVerificationToken(this.deps.random);
    const claim = await this.deps.entitlements.findDomainClaim(domain);
    const failedClaimant = yieldsTo(claim, input.userId) ? claim.userId : null;

    return this.deps.unitOfWork.run<{ domain: string }, ConnectCustomDomainError>(async (tx) => {
      // The accounts first (the lock order of their writes), in id order when there are two:
      // gone meanwhile, the caller's answers as it would now: User not found.
      for (const id of [input.userId, failedClaimant ?? input.userId].sort()) {
        if (!(await tx.users.lock(id)) && id === input.userId) return err({ type: 'UserNotFound' });
      }
      if (failedClaimant !== null) await this.release(tx, input.userId, failedClaimant, domain);
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

  /**
   * As DELETE custom-domain would remove it from the failed claimant, under its lock: only while
   * it still holds the domain with its verification failed (a parallel claimant may have released
   * it first, or the claimant connected it again).
   */
  private async release(tx: TransactionalPorts, caller: string, claimant: string, domain: string) {
    const claim = await tx.entitlements.findDomainClaim(domain);
    if (!yieldsTo(claim, caller) || claim.userId !== claimant) return;
    await tx.domainVerifications.delete(claimant);
    await tx.entitlements.removeMetadataKeys(claimant, DROP_SERVICE, CUSTOM_DOMAIN_KEYS);
    await tx.auditLog.append({
      userId: claimant,
      event: 'USER_UPDATE',
      details: releasedDomainDetails(claim.domain),
    });
  }
}
