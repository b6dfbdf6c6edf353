export type Metadata = Readonly<Record<string, unknown>>;

/** One per (user, service) pair. */
export type Entitlement = {
  readonly userId: string;
  readonly service: string;
  readonly tier: string;
  readonly billingSubscriptionId: string | null;
  readonly billingCustomerId: string | null;
  readonly metadata: Metadata | null;
};

export const DROP_SERVICE = 'DROP';
export const ENTERPRISE_TIER = 'enterprise';

export function isEnterprise(entitlement: Entitlement | null): boolean {
  return entitlement !== null && entitlement.service === DROP_SERVICE && entitlement.tier === ENTERPRISE_TIER;
}
