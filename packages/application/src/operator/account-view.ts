import { customDomainView, type Entitlement } from '@accounts/domain';
import type { AccountRecord } from '../ports.js';

/** One entitlement as the operator API and the export show it: no metadata beyond the domain. */
export type EntitlementView = {
  service: string;
  tier: string;
  billingCustomerId: string | null;
  billingSubscriptionId: string | null;
  customDomain: string | null;
  customDomainVerified: boolean;
};

/** The operator API's `Account`: never a hash or secret. */
export type AccountView = AccountRecord & { passkeys: number; entitlements: EntitlementView[] };

export function entitlementView(entitlement: Entitlement): EntitlementView {
  const { customDomain, customDomainVerified } = customDomainView(entitlement.metadata);
  return {
    service: entitlement.service,
    tier: entitlement.tier,
    billingCustomerId: entitlement.billingCustomerId,
    billingSubscriptionId: entitlement.billingSubscriptionId,
    customDomain,
    customDomainVerified,
  };
}
