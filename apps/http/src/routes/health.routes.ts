import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { errorBody } from '../errors.js';
import { errorSchema } from '../schemas/common.schemas.js';
import { Healthy, Ready } from '../schemas/health.schemas.js';
import { probeOperation } from '../schemas/operation.schemas.js';

export type HealthRoutesOptions = {
  /** Resolves when the database answers; rejects or hangs otherwise. */
  ping: () => Promise<unknown>;
  readyTimeoutMs?: number;
  /** With a key set: whether the identity provider's keys have been read (none: no key set). */
  keysReady?: () => boolean;
};

const READY_TIMEOUT_MS = 2000;

/** The database answered within the time, or not; never throws. */
async function answersWithin(ping: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      ping().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Probes beside the API: no token, no route protection. */
export const healthRoutes: FastifyPluginCallbackTypebox<HealthRoutesOptions> = (app, options, done) => {
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;

  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: probeOperation({
        operationId: 'getLiveness',
        summary: 'Liveness: 200 while the process runs',
        response: { 200: Healthy },
      }),
    },
    () => Promise.resolve({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: probeOperation({
        operationId: 'getReadiness',
        summary:
          "Readiness: 200 when the database answers within 2 s (and the identity provider's keys were read, with a key set), 503 otherwise",
        response: { 200: Ready, 503: errorSchema(503, ['NOT_READY']) },
      }),
    },
    async (request, reply) => {
      if (options.keysReady?.() === false) {
        return reply
          .code(503)
          .send(errorBody(503, 'NOT_READY', 'Identity provider keys unavailable: not read yet'));
      }
      if (await answersWithin(options.ping, timeoutMs)) return { status: 'ready' as const };
      request.log.warn('Readiness check failed: the database did not answer');
      return reply
        .code(503)
        .send(errorBody(503, 'NOT_READY', `The database did not answer within ${timeoutMs} ms`));
    },
  );
  done();
};
