import { err, ok, type Result } from '../result.js';
import { CLOCK_TOLERANCE_MS, isSessionIdClaim, timeClaimOf } from './session.js';

/** The `events` member that makes a JWT a logout token (OpenID Connect Back-Channel Logout 1.0, 2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Header `typ` values accepted, lower-cased: the specification's, and `JWT` (Keycloak before 25). */
const LOGOUT_TOKEN_TYPES = new Set(['logout+jwt', 'jwt']);

/** What the service takes from a logout token: what it ends, and what makes it one-time. */
export type LogoutToken = {
  readonly jti: string;
  /** `iat`, whole Unix seconds. */
  readonly issuedAt: number;
  readonly sid: string | null;
  readonly sub: string | null;
};

/** The deployment's rules: the provider's issuer, the client ids logout tokens are for, the oldest `iat`. */
export type LogoutTokenRules = {
  readonly issuer: string;
  readonly audiences: readonly string[];
  readonly maxAgeSeconds: number;
};

/** Why a signed logout token is refused; `reason` is the answer's error_description. */
export type InvalidLogoutToken = { type: 'InvalidLogoutToken'; reason: string };

const refuse = (reason: string) => err<InvalidLogoutToken>({ type: 'InvalidLogoutToken', reason });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id claim as a session keys it: a non-empty string of at most 255 characters, no control character. */
function idClaim(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  return typeof value === 'string' && value !== '' && isSessionIdClaim(value) ? value : undefined;
}

/** A `sub` as an account id: a non-empty string without NUL (no id holds one). */
function subjectClaim(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  return typeof value === 'string' && value !== '' && !value.includes('\u0000') ? value : undefined;
}

/**
 * The claims of a logout token whose signature verified (decisions.md, "The provider's
 * sign-outs"; OpenID Connect Back-Channel Logout 1.0 with errata set 1, 2.6), checked at `nowMs`:
 * header `typ` `logout+jwt` or `JWT` when present; `iss` the issuer; `aud` holding one of the
 * audiences; `iat` at most 30 s ahead and not older than the rules' age; `exp` present and not
 * past (30 s tolerance); `jti`; `events` with the back-channel logout member, an object; `sub` or
 * `sid`; no `nonce`. Whether the `jti` was used before is the caller's question.
 */
export function checkLogoutToken(
  header: Readonly<Record<string, unknown>>,
  claims: Readonly<Record<string, unknown>>,
  rules: LogoutTokenRules,
  nowMs: number,
): Result<LogoutToken, InvalidLogoutToken> {
  const { typ } = header;
  if (typ !== undefined && (typeof typ !== 'string' || !LOGOUT_TOKEN_TYPES.has(typ.toLowerCase()))) {
    return refuse('The logout token is not typed logout+jwt');
  }
  if (claims.iss !== rules.issuer) return refuse('The logout token is not from the identity provider');
  const audiences = Array.isArray(claims.aud) ? (claims.aud as unknown[]) : [claims.aud];
  if (!audiences.some((audience) => typeof audience === 'string' && rules.audiences.includes(audience))) {
    return refuse('The logout token is not meant for this service');
  }
  const issuedAt = timeClaimOf(claims.iat);
  if (issuedAt === null) return refuse('The logout token has no valid iat');
  if (issuedAt * 1000 > nowMs + CLOCK_TOLERANCE_MS) return refuse('The logout token is issued in the future');
  if (issuedAt * 1000 < nowMs - rules.maxAgeSeconds * 1000) return refuse('The logout token is too old');
  const expiresAt = timeClaimOf(claims.exp);
  if (expiresAt === null) return refuse('The logout token has no valid exp');
  if (expiresAt * 1000 + CLOCK_TOLERANCE_MS < nowMs) return refuse('The logout token has expired');
  const jti = idClaim(claims.jti);
  if (!jti) return refuse('The logout token has no valid jti');
  if (!isObject(claims.events) || !isObject(claims.events[BACKCHANNEL_LOGOUT_EVENT])) {
    return refuse('The logout token has no back-channel logout event');
  }
  if ('nonce' in claims) return refuse('A logout token carries no nonce');
  const sid = idClaim(claims.sid);
  const sub = subjectClaim(claims.sub);
  if (sid === undefined) return refuse('The logout token has an invalid sid');
  if (sub === undefined) return refuse('The logout token has an invalid sub');
  if (sid === null && sub === null) return refuse('The logout token has neither sub nor sid');
  return ok({ jti, issuedAt, sid, sub });
}
