import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../observability/metrics.js';

/**
 * Serves `GET /metrics` beside the API: no token, no route protection. Every answer is counted by
 * the app's onResponse hook, by route template (`request.routeOptions.url`, never the raw URL; no
 * route: one label).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: ServiceMetrics) {
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
