import type { FastifyReply, FastifyRequest } from 'fastify';

const CORS_METHODS = ['GET', 'POST', 'DELETE'];
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type'];
const EXPOSED_HEADERS = [
  'Retry-After',
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin headers, as @fastify/cors (which this replaced) wrote them with the service's
 * options, its per-request option merging and callbacks left out: every answer varies by Origin;
 * the request's Origin is reflected, with the service's headers exposed, when it is allowed (any
 * origin when `origins` is null, else the listed ones); a preflight (any OPTIONS request) is
 * answered 204 at once, before route protection and authentication, whatever its path.
 */
export function createCors(origins: readonly string[] | null) {
  const allowed = origins === null ? () => true : (origin: string) => origins.includes(origin);
  const exposed = EXPOSED_HEADERS.join(', ');
  const preflightHeaders = {
    'access-control-allow-methods': CORS_METHODS.join(', '),
    'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };

  return {
    /** Adds the headers; true when the request was a preflight, now answered. */
    handle(request: FastifyRequest, reply: FastifyReply): boolean {
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      // Browsers read the exposed headers of an answer they may read, one with the allowed origin.
      if (origin && allowed(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-expose-headers', exposed);
      }
      if (request.method !== 'OPTIONS') return false;
      // Safari (and perhaps others) wait for a body on a 204 without Content-Length: 0.
      reply.headers(preflightHeaders).code(204).header('content-length', '0').send();
      return true;
    },
  };
}
