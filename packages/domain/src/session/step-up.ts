import { timeClaimOf } from './session.js';

/**
 * What a listed operation needs of the sign-in behind a token (RFC 9470; decisions.md, "A
 * stronger or more recent sign-in"): an `acr` among `acrValues`, and/or an `auth_time` at most
 * `maxAgeSeconds` ago. At least one of the two is set.
 */
export type StepUpRule = {
  readonly acrValues: readonly string[] | null;
  readonly maxAgeSeconds: number | null;
};

/** The claims of a token that say how and when its user signed in. */
export type SignInClaims = { readonly acr?: unknown; readonly auth_time?: unknown };

/**
 * Whether the sign-in behind `claims` is strong and recent enough. A missing `acr` counts as the
 * weakest level, which no list holds (ASVS 5.0 6.8.4); a missing or unreadable `auth_time` as a
 * sign-in of unknown age, never recent enough.
 */
export function signInSuffices(rule: StepUpRule, claims: SignInClaims, nowMs: number): boolean {
  if (rule.acrValues !== null) {
    if (typeof claims.acr !== 'string' || !rule.acrValues.includes(claims.acr)) return false;
  }
  if (rule.maxAgeSeconds !== null) {
    const authTime = timeClaimOf(claims.auth_time);
    if (authTime === null || nowMs / 1000 - authTime > rule.maxAgeSeconds) return false;
  }
  return true;
}
