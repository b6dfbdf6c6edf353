import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';
import type { Entitlement, Metadata } from './entitlement.js';

export const CUSTOM_DOMAIN_LENGTH = { min: 1, max: 255 } as const;

const LABEL = '[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]';
const DOMAIN = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

/**
 * The domain as stored: the raw value (1 to 255 characters) trimmed, then one or more
 * dot-separated labels of 2 to 63 letters, digits and hyphens that start and end with a letter
 * or digit.
 */
export function parseCustomDomain(raw: string): Result<string, ErrorOf<'InvalidDomainFormat'>> {
  if (raw.length < CUSTOM_DOMAIN_LENGTH.min || raw.length > CUSTOM_DOMAIN_LENGTH.max) {
    return err({ type: 'InvalidDomainFormat' });
  }
  const domain = raw.trim();
  return DOMAIN.test(domain) ? ok(domain) : err({ type: 'InvalidDomainFormat' });
}

/** DNS names are case-insensitive, so uniqueness across users is too. */
export function domainUniquenessKey(domain: string): string {
  return domain.toLowerCase();
}

/** The metadata keys connecting a domain sets: the domain, unverified. */
export function connectedDomainKeys(domain: string): Metadata {
  return { customDomain: domain, customDomainVerified: false };
}

/** The metadata key verifying the domain sets. */
export const VERIFIED_DOMAIN_KEYS: Metadata = { customDomainVerified: true };

/** The metadata keys disconnecting removes. */
export const CUSTOM_DOMAIN_KEYS = ['customDomain', 'customDomainVerified'] as const;

export function customDomainOf(entitlement: Entitlement | null): string | null {
  return domainIn(entitlement?.metadata ?? null);
}

function domainIn(metadata: Metadata | null): string | null {
  const domain = metadata?.customDomain;
  return typeof domain === 'string' ? domain : null;
}

export type CustomDomainView = {
  customDomain: string | null;
  customDomainVerified: boolean;
  hasCustomDomain: boolean;
};

/** The view of an entitlement's metadata (null: no entitlement, or no metadata). */
export function customDomainView(metadata: Metadata | null): CustomDomainView {
  const customDomain = domainIn(metadata);
  return {
    customDomain,
    customDomainVerified: customDomain !== null && metadata?.customDomainVerified === true,
    hasCustomDomain: customDomain !== null,
  };
}
