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

/** Metadata that is not a JSON object (a string, an array, a number…) counts as an empty object. */
export function metadataObject(metadata: unknown): Metadata {
  return typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
    ? (metadata as Metadata)
    : {};
}

/** The metadata with `keys` set (SQL `||`); other keys are kept. */
export function withMetadataKeys(metadata: unknown, keys: Metadata): Metadata {
  return { ...metadataObject(metadata), ...keys };
}

/** The metadata without `keys` (SQL `-`); no metadata at all stays none. */
export function withoutMetadataKeys(metadata: unknown, keys: readonly string[]): Metadata | null {
  if (metadata === null || metadata === undefined) return null;
  return Object.fromEntries(Object.entries(metadataObject(metadata)).filter(([key]) => !keys.includes(key)));
}
