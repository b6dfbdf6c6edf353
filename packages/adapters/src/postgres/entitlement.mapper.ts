import { metadataObject, type Entitlement } from '@accounts/domain';
import type { ServiceAccessRow } from './schema.js';

export const ENTITLEMENT_COLUMNS = [
  'user_id',
  'service',
  'tier',
  'billing_subscription_id',
  'billing_customer_id',
  'metadata',
] as const satisfies readonly (keyof ServiceAccessRow)[];

export type EntitlementColumns = Pick<ServiceAccessRow, (typeof ENTITLEMENT_COLUMNS)[number]>;

export function toEntitlement(row: EntitlementColumns): Entitlement {
  return {
    userId: row.user_id,
    service: row.service,
    tier: row.tier,
    billingSubscriptionId: row.billing_subscription_id,
    billingCustomerId: row.billing_customer_id,
    // Metadata that is not a JSON object counts as an empty one.
    metadata: row.metadata === null ? null : metadataObject(row.metadata),
  };
}
