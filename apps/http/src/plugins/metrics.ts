import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../service-metrics.js';

/**
 * Counts every answer by route template (`request.routeOptions.url`, never the raw URL; no route:
 * one label) and serves `GET /metrics` beside the API: no token, no route protection. Register on
 * the root instance so the hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, metrics: ServiceMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.recordRequest({
      route: request.routeOptions.url,
      method: request.method,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });

  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        summary: 'Prometheus metrics: requests, latency, failed checks and locks, outbox, process',
        tags: ['operations'],
        security: [],
        produces: ['text/plain'],
        response: { 200: { type: 'string', description: 'Prometheus text format 0.0.4' } },
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.render()),
  );
}
