import type { FastifyRequest } from 'fastify';
import { DOMAIN_ERROR_ANSWERS, HTTP_ERROR_CODES, type HttpError } from './errors.js';

/**
 * The 401s that do not refuse the token: none was sent (no `Authorization`, or another scheme),
 * or the body's re-authentication failed (password, code), which a client must not take for a
 * token to drop (docs/decisions.md).
 */
const TOKEN_NOT_REFUSED = new Set<string>([
  HTTP_ERROR_CODES.missingToken,
  DOMAIN_ERROR_ANSWERS.InvalidPassword.code,
  DOMAIN_ERROR_ANSWERS.TwoFactorCodeRequired.code,
  DOMAIN_ERROR_ANSWERS.InvalidTwoFactorCode.code,
]);

/**
 * The `WWW-Authenticate` of a 401 of a token route (decisions.md, "A stronger or more recent
 * sign-in"): `Bearer`, with `error="invalid_token"` when the token sent was refused (RFC 6750
 * §3.1).
 */
export function bearerChallenge(_request: FastifyRequest, error: HttpError): string {
  return TOKEN_NOT_REFUSED.has(error.code) ? 'Bearer' : 'Bearer error="invalid_token"';
}
