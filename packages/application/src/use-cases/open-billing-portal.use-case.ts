import { DROP_SERVICE, err, isPlainBillingIdentifier, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';

export type OpenBillingPortalError = ErrorOf<
  'UserNotFound' | 'BillingCustomerMissing' | 'BillingCustomerUnknown' | 'BillingCheckFailed'
>;

/** The billing provider's customer portal for the caller's DROP entitlement. */
export class OpenBillingPortal {
  constructor(private readonly deps: Pick<Ports, 'entitlements' | 'billing' | 'logger'>) {}

  async execute(input: { userId: string }): Promise<Result<{ url: string }, OpenBillingPortalError>> {
    const { flags, entitlement } = await this.deps.entitlements.findWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    const customerId = entitlement?.billingCustomerId;
    if (!customerId) return err({ type: 'BillingCustomerMissing' });
    if (!this.deps.billing.isConfigured) {
      this.deps.logger.error({ userId: input.userId }, 'Billing is not configured; cannot open the portal');
      return err({ type: 'BillingCheckFailed' });
    }

    // Never put anything but a plain identifier into a provider URL (`..` would climb a level).
    if (!isPlainBillingIdentifier(customerId)) {
      this.deps.logger.warn({ userId: input.userId }, 'Billing customer id is not a plain identifier');
      return err({ type: 'BillingCustomerUnknown' });
    }

    let answer: 'found' | 'not-found';
    try {
      answer = await this.deps.billing.findCustomer(customerId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.logger.error({ userId: input.userId, reason }, 'Billing customer check failed');
      return err({ type: 'BillingCheckFailed' });
    }
    if (answer === 'not-found') return err({ type: 'BillingCustomerUnknown' });
    return ok({ url: this.deps.billing.portalUrl(customerId) });
  }
}
