import { createVerifier } from 'fast-jwt';
import type { JwtConfig } from '../config.js';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

export const CLOCK_TOLERANCE_MS = 30_000;
/** Verified tokens remembered, so a repeated token skips the signature check. */
const CACHED_TOKENS = 10_000;

/** The caller's user id (the token's `sub`) from an Authorization header; throws the 401 to answer. */
export type TokenVerifier = (authorization: string | undefined) => string;

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
 * required; `iss`/`aud` are required and checked when configured.
 */
export function createTokenVerifier(jwt: JwtConfig): TokenVerifier {
  const requiredClaims = ['exp'];
  if (jwt.issuer) requiredClaims.push('iss');
  if (jwt.audience) requiredClaims.push('aud');
  const verify = createVerifier({
    key: jwt.key.kind === 'secret' ? jwt.key.secret : jwt.key.publicKey,
    algorithms: [...jwt.key.algorithms],
    requiredClaims,
    clockTolerance: CLOCK_TOLERANCE_MS,
    // An entry never outlives the token's exp or nbf; its key is a digest of the token.
    cache: CACHED_TOKENS,
    // Refusals are never served from the cache. fast-jwt stores them until now + clockTolerance
    // + errorCacheTTL (its default -1 still keeps one for ~30 s, so a token refused as not yet
    // valid stayed refused after it became valid); this puts that moment in the past.
    errorCacheTTL: () => -CLOCK_TOLERANCE_MS - 1,
    ...(jwt.issuer ? { allowedIss: jwt.issuer } : {}),
    ...(jwt.audience ? { allowedAud: jwt.audience } : {}),
  });
  return (authorization) => {
    const token = bearerToken(authorization);
    let payload: { sub?: unknown };
    try {
      payload = verify(token) as { sub?: unknown };
    } catch (error) {
      throw tokenFailure(error);
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw invalidToken('Token has no subject');
    return payload.sub;
  };
}
