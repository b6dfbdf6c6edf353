import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UseCases } from '@accounts/application';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { HttpConfig } from './config.js';
import {
  API_HEADERS,
  BODY_LIMIT_BYTES,
  handleClientError,
  handleError,
  handleNotFound,
  shuttingDown,
} from './errors.js';
import { InMemoryWeightedCounter } from './in-memory-weighted-counter.js';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';
import { RequestLine } from './request-line.js';
import { lazyRequestLogger } from './request-logger.js';
import { Guard } from './plugins/authentication.js';
import { createCors } from './plugins/cors.js';
import { createTokenVerifier } from './plugins/bearer-token.js';
import { registerMetricsRoute } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimit, type WeightedCounter } from './plugins/rate-limit.js';
import { accountRoutes } from './routes/account.routes.js';
import { billingRoutes } from './routes/billing.routes.js';
import { customDomainRoutes } from './routes/custom-domain.routes.js';
import { domainVerificationRoutes } from './routes/domain-verification.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { securityEventsRoutes } from './routes/security-events.routes.js';
import { twoFactorRoutes } from './routes/two-factor.routes.js';
import { twoFactorStatusRoutes } from './routes/two-factor-status.routes.js';
import type { ServiceMetrics } from './service-metrics.js';
import type { Logger } from 'pino';

/** The app as built: plain HTTP/1 server, TypeBox-typed routes. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type BuildAppOptions = {
  useCases: UseCases;
  config: HttpConfig;
  /** A pino logger (see createLogger); none: the app logs nothing. */
  logger?: FastifyBaseLogger;
  /** Readiness: resolves when the database answers. None: always ready. */
  ping?: () => Promise<unknown>;
  /** Route-protection counter; default in memory. The composition root passes Redis's when set. */
  rateLimitCounter?: WeightedCounter;
  /** Counts requests and serves GET /metrics; none (METRICS_ENABLED=false): /metrics is a 404. */
  metrics?: ServiceMetrics;
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** `/api`, `/api/…` or `/api?…`, and not `/apis`. */
function isApiPath(url: string): boolean {
  if (!url.startsWith('/api')) return false;
  const next = url.charCodeAt(4);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63; /* ? */
}

/** Keeps a caller's (or proxy's) x-request-id when it is a plain token, else makes one. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The HTTP app, not yet listening: tests call `inject()`, main.ts calls `listen()`.
 * Per API request: request id, /api headers and CORS (onRequest) → route protection (the /api
 * scope's onRequest) → token and account gate (preParsing) → body parsing and validation →
 * handler → one request line and the request metrics (onResponse). Each stage is one hook: every
 * hook Fastify runs costs CPU on every request.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { useCases, config } = options;
  const trustProxy = config.trustProxy;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Headers and body alike: a request not fully received by then is answered 408 (handleClientError).
    // Node reads the headers' limit at creation, so the server options carry it too; it looks for
    // expired requests every connectionsCheckingInterval (default 30 s, which would double the limit).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    // A hop count: trust that many proxies in front, as proxy-addr counts hops (Fastify itself
    // now treats a number as "trust none", since the peer is not checked; README says so).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: requestId,
    childLoggerFactory: lazyRequestLogger,
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: 'all', allErrors: false } },
    schemaController: { compilersFactory: lazySchemaCompilers },
    // Framework answers in the common error body: the closing 503 below, the parser's 431/408/400.
    return503OnClosing: false,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // An answer sent once shutdown began closes its connection: a keep-alive connection left open
  // would hold the server's close (and the exit) until the client drops it, which a client that
  // honours `Keep-Alive: timeout=72` does only after 72 s.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const cors = createCors(config.corsOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) {
      reply.header('cache-control', API_HEADERS['cache-control']);
      reply.header('x-content-type-options', API_HEADERS['x-content-type-options']);
    }
    // A request already on an open connection when shutdown began: 503, and the connection closes.
    if (closing) shuttingDown(reply);
    else if (!cors.handle(request, reply)) done();
  });
  // Every answer that has an allowed path and method, so that Fastify routes preflights (the hook
  // above answers them) and lists OPTIONS in a 405's Allow.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.code(204).send());

  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- Fastify types it as its base logger; it is the pino logger createLogger made
  const requestLine = options.logger ? new RequestLine(options.logger as Logger) : null;
  const metrics = options.metrics;
  app.addHook('onResponse', (request, reply, done) => {
    // A getter that builds a new object on every read: read once.
    const route = request.routeOptions.url;
    metrics?.recordRequest({
      route,
      method: request.method,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    // The request's own logger holds the route's level (the probes log at warn and above only).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- Fastify types it as its base logger; it is a pino child (or the lazy one, which has isLevelEnabled)
    if (requestLine !== null && (request.log as Logger).isLevelEnabled('info')) {
      requestLine.write({
        reqId: request.id,
        method: request.method,
        route: route ?? 'unknown',
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      });
    }
    done();
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  // JSON only: any other body is a 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');

  await registerOpenApi(app, { appName: config.appName });
  if (options.metrics) registerMetricsRoute(app, options.metrics);
  await app.register(healthRoutes, { ping: options.ping ?? (() => Promise.resolve()) });

  await app.register(
    async (api) => {
      registerRateLimit(api, {
        max: config.rateLimit.max,
        windowMs: config.rateLimit.windowMs,
        counter: options.rateLimitCounter ?? new InMemoryWeightedCounter(),
      });
      Guard.decorate(api);
      const guard = new Guard(createTokenVerifier(config.jwt), useCases.authorizeAccount);
      await api.register(twoFactorRoutes, { useCases, guard });
      await api.register(twoFactorStatusRoutes, { useCases, guard });
      await api.register(customDomainRoutes, { useCases, guard });
      await api.register(domainVerificationRoutes, { useCases, guard });
      await api.register(securityEventsRoutes, { useCases, guard });
      await api.register(accountRoutes, { useCases, guard });
      await api.register(billingRoutes, { useCases, guard });
    },
    { prefix: '/api' },
  );
  return app;
}
