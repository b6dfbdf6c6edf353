import type { AuditDetails } from '../audit.js';
import type { DomainVerification } from './domain-verification.js';

/**
 * Who holds a custom domain (the DROP entitlement whose metadata names it), and where the
 * verification of that domain stands; null when none is stored (connected before verification
 * existed).
 */
export type DomainClaim = {
  readonly userId: string;
  /** As the holder connected it (the same name, perhaps in other letter cases). */
  readonly domain: string;
  readonly status: DomainVerification['status'] | null;
};

/**
 * Whether `claim` gives way to `claimant` connecting its domain (decisions.md, "Custom-domain
 * verification"): a claim whose verification has failed no longer holds the domain against
 * another user; a pending, verified or unknown one still does, and one's own never needs to.
 */
export function yieldsTo(claim: DomainClaim | null, claimant: string): claim is DomainClaim {
  return claim !== null && claim.userId !== claimant && claim.status === 'failed';
}

/** The audit details on the failed claimant's account when its domain is released. */
export function releasedDomainDetails(domain: string): AuditDetails {
  return { field: 'customDomain', action: 'released', domain };
}
