import { createVerifier } from 'fast-jwt';
import type { JwtConfig } from '../config.js';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

const CLOCK_TOLERANCE_MS = 30_000;

/** A token that verified: its `sub`, and every claim as the token carries it. */
type VerifiedToken = { readonly subject: string; readonly claims: Readonly<Record<string, unknown>> };

/** The caller's verified token from an Authorization header; throws the 401 to answer. */
export type TokenVerifier = (authorization: string | undefined) => VerifiedToken;

function invalidToken(message: string): HttpError {
  return new HttpError(401, HTTP_ERROR_CODES.invalidToken, message);
}

/** `Bearer <token>`, read as @fastify/jwt reads it (the scheme in any case, one space, one token). */
function bearerToken(authorization: string | undefined): string {
  if (!authorization || !/^Bearer\s/i.test(authorization)) {
    throw new HttpError(401, HTTP_ERROR_CODES.missingToken, 'Missing bearer token');
  }
  const parts = authorization.split(' ');
  if (parts.length !== 2 || !parts[1]) {
    throw new HttpError(401, HTTP_ERROR_CODES.missingToken, 'Authorization header must be "Bearer <token>"');
  }
  return parts[1];
}

/**
 * A code a client can act on and a safe, fixed 401 text per failure; the library's own text is
 * never shown or logged. Expired means the token verified otherwise (fast-jwt checks the
 * signature before the claims), so refreshing it helps.
 */
function tokenFailure(error: unknown): HttpError {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'FAST_JWT_EXPIRED'
    ? new HttpError(401, HTTP_ERROR_CODES.tokenExpired, 'Token has expired')
    : invalidToken('Invalid token');
}

/**
 * Token verification with fast-jwt, called directly (no per-request option merging, decoding
 * twice or callback chain, which made up most of the token check's cost). The algorithms are an
 * allowlist derived from the configured key, so `alg: none` and HS/RS confusion fail; `exp` is
 * required; `iss`/`aud` are required and checked when configured. A token that verified is
 * remembered (VerifiedTokens), so that its next requests skip the signature check.
 */
export function createTokenVerifier(jwt: JwtConfig, now: () => number = Date.now): TokenVerifier {
  const requiredClaims = ['exp'];
  if (jwt.issuer) requiredClaims.push('iss');
  if (jwt.audience) requiredClaims.push('aud');
  const verify = createVerifier({
    key: jwt.key.kind === 'secret' ? jwt.key.secret : jwt.key.publicKey,
    algorithms: [...jwt.key.algorithms],
    requiredClaims,
    clockTolerance: CLOCK_TOLERANCE_MS,
    ...(jwt.issuer ? { allowedIss: jwt.issuer } : {}),
    ...(jwt.audience ? { allowedAud: jwt.audience } : {}),
  });
  const verified = new VerifiedTokens();
  return (authorization) => {
    const token = bearerToken(authorization);
    const at = now();
    const cached = verified.find(token, at);
    if (cached !== null) return cached;
    let payload: TokenClaims;
    try {
      payload = verify(token) as TokenClaims;
    } catch (error) {
      throw tokenFailure(error);
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw invalidToken('Token has no subject');
    const result: VerifiedToken = { subject: payload.sub, claims: payload };
    verified.remember(token, result, payload, at);
    return result;
  };
}

type TokenClaims = { sub?: unknown; nbf?: unknown; exp?: unknown } & Record<string, unknown>;

/** Verified tokens kept, oldest dropped first; longer tokens are verified every time. */
const CACHED_TOKENS = 10_000;
const MAX_CACHED_TOKEN_LENGTH = 2048;
/** How long a verified token is remembered at most, whatever its expiry (fast-jwt's default). */
const CACHE_TTL_MS = 600_000;

/**
 * Tokens that verified, by their exact text, with the span in which the verifier would accept
 * them again: from nbf to exp, each widened by the clock tolerance, and at most CACHE_TTL_MS from
 * now (the bounds fast-jwt's own cache uses). Only successes are kept, so a refusal is always
 * checked again. Keyed by the text rather than a digest of it (fast-jwt hashes every token, which
 * cost more than the rest of the check); only tokens with a valid signature get in, and the size
 * and token length are bounded.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { verified: VerifiedToken; from: number; until: number }>();

  find(token: string, now: number): VerifiedToken | null {
    const entry = this.entries.get(token);
    if (entry === undefined) return null;
    if (now >= entry.from && now <= entry.until) return entry.verified;
    if (now > entry.until) this.entries.delete(token);
    return null;
  }

  remember(token: string, verified: VerifiedToken, claims: TokenClaims, now: number) {
    if (token.length > MAX_CACHED_TOKEN_LENGTH) return;
    const from = typeof claims.nbf === 'number' ? claims.nbf * 1000 - CLOCK_TOLERANCE_MS : 0;
    let until = now + CLOCK_TOLERANCE_MS + CACHE_TTL_MS;
    if (typeof claims.exp === 'number') until = Math.min(until, claims.exp * 1000 + CLOCK_TOLERANCE_MS);
    if (this.entries.size >= CACHED_TOKENS && !this.entries.has(token)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { verified, from, until });
  }
}
