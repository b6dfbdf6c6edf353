import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

/**
 * Whether a verified token's claims make it an operator token: its `scope` claim is a string of
 * space-separated scopes (RFC 8693) and one of them is exactly `adminScope`. A scope in another
 * claim (`scp`, `scopes`, `roles`…) or given as an array is not accepted.
 */
export function hasOperatorScope(claims: Readonly<Record<string, unknown>>, adminScope: string): boolean {
  const scope = claims.scope;
  return typeof scope === 'string' && scope.split(' ').includes(adminScope);
}

/** The answer to a token without the operator scope on an operator route. */
export function operatorScopeRequired(): HttpError {
  return new HttpError(403, HTTP_ERROR_CODES.operatorScopeRequired, 'Operator scope required');
}
