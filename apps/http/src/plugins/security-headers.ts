import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * `X-Content-Type-Options: nosniff` on every answer (the API, the probes, /metrics, the
 * reference page and its assets, 404s): a browser must not read a body as another type than
 * the one it is sent as. An onRequest hook registered first, so that answers given by a later
 * hook (a preflight, a 503 while shutting down) carry it too.
 */
export function noSniff(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  reply.header('x-content-type-options', 'nosniff');
  done();
}
