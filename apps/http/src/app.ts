import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UseCases } from '@accounts/application';
import cors from '@fastify/cors';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { HttpConfig } from './config/service-config.js';
import {
  API_HEADERS,
  BODY_LIMIT_BYTES,
  handleClientError,
  handleError,
  handleFrameworkError,
  handleNotFound,
  shuttingDown,
} from './errors.js';
import { InMemoryWeightedCounter } from './in-memory-weighted-counter.js';
import { RequestLog } from './observability/logging.js';
import type { ServiceMetrics } from './observability/metrics.js';
import { accountsApi } from './accounts-api.js';
import { registerMetricsRoute } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { noSniff } from './plugins/security-headers.js';
import { registerRateLimit, type WeightedCounter } from './plugins/rate-limit.js';
import { healthRoutes } from './routes/health.routes.js';
import { ssfDiscoveryRoutes } from './routes/ssf-discovery.routes.js';
import { idpLogoutRoutes } from './routes/idp-logout.routes.js';
import type { SsfHttpOptions } from './ssf/ssf-http-options.js';

export { accountsApi, type AccountsApiOptions, type HostAuthentication } from './accounts-api.js';
// A host that mounts accountsApi under a prefix serves the SSF discovery at its own root.
export { ssfDiscoveryRoutes, type SsfDiscoveryOptions } from './routes/ssf-discovery.routes.js';
// For a host's tests: tokens that accountsApi's `jwt` option (an HS256 secret) accepts.
export { mintToken, type MintTokenInput } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Shutdown had begun when the request arrived (onRequest): it is answered 503 once its body is read. */
    arrivedClosing: boolean;
  }
}

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
  /** Builds the routes' response serializers (precompiled-serializers.ts); none: compiled at start. */
  serializers?: SerializerFactory;
  /** The SSF transmitter (SSF_SIGNING_KEYS); none: its discovery and /api/ssf/ are 404. */
  ssf?: SsfHttpOptions;
};

const CORS_METHODS = ['GET', 'POST', 'DELETE'];
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'DPoP'];
const CORS_EXPOSED_HEADERS = [
  'Retry-After',
  'WWW-Authenticate',
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

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
 * The HTTP app, not yet listening: tests call `inject()`, server.ts calls `listen()`. It is the
 * accountsApi plugin plus the service's configuration: CORS, route protection, request logging,
 * metrics, probes and the OpenAPI description with its reference page.
 * Per API request: request id, /api headers (onRequest) → CORS (@fastify/cors, onRequest; it
 * answers preflights) → route protection (@fastify/rate-limit, the route's onRequest) → token and
 * account gate (preParsing) → body parsing and validation → handler → the request metrics
 * (onResponse) and one request line (Fastify's request logging, RequestLog).
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
    // now treats a number as "trust none", since the peer is not checked; docs/decisions.md says when).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: requestId,
    logController: new RequestLog(),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: 'all', allErrors: false } },
    // Framework answers in the common error body: the closing 503 below, the parser's 431/408/400,
    // the router's 400 for a URL that does not decode and 414 for a parameter over its length.
    return503OnClosing: false,
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
    ...(options.serializers
      ? { schemaController: { compilersFactory: { buildSerializer: options.serializers } } }
      : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.decorateRequest('arrivedClosing', false);
  app.addHook('onRequest', noSniff);
  // An answer sent once shutdown began closes its connection: a keep-alive connection left open
  // would hold the server's close (and the exit) until the client drops it, which a client that
  // honours `Keep-Alive: timeout=72` does only after 72 s.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Whether shutdown had begun when the request arrived: every request received before it gets
    // its real answer (decisions.md, "Faults, deploys and retention"), however late its body is read.
    if (closing) request.arrivedClosing = true;
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) {
      reply.header('cache-control', API_HEADERS['cache-control']);
    }
    done();
  });
  // A request that arrived on an open connection after shutdown began: 503, and the connection
  // closes. Only once its body is read: closing a connection with a body still arriving makes the
  // client lose the answer (an early 503 came back to it as a closed connection).
  app.addHook('preValidation', (request, reply, done) => {
    if (request.arrivedClosing) shuttingDown(reply);
    else done();
  });
  // The request's Origin reflected (or the CORS_ORIGINS allowlist), every answer varying by it; a
  // preflight (any OPTIONS request, whatever its path) answered 204 here, before route protection
  // and authentication. Its OPTIONS route also makes a 405's Allow list OPTIONS.
  await app.register(cors, {
    origin: config.corsOrigins ?? true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: false,
  });

  const metrics = options.metrics;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.recordRequest({
        route: request.routeOptions.url,
        method: request.method,
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
      done();
    });
  }
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  // JSON only: any other body is a 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');

  await registerOpenApi(app, { appName: config.appName });
  if (options.metrics) registerMetricsRoute(app, options.metrics);
  const { key } = config.jwt;
  await app.register(healthRoutes, {
    ping: options.ping ?? (() => Promise.resolve()),
    ...(key.kind === 'key-set' ? { keysReady: () => key.keySet.isReady() } : {}),
  });

  if (options.ssf) await app.register(ssfDiscoveryRoutes, options.ssf.discovery);
  // The provider's sign-outs: outside route protection (its cost is bounded by the body limit and the signature).
  const { handleProviderLogout } = useCases;
  if (handleProviderLogout) await app.register(idpLogoutRoutes, { handleProviderLogout });

  // Route protection for the API's routes only (the probes, /metrics and /docs spend nothing).
  await app.register(async (protectedScope) => {
    await registerRateLimit(protectedScope, {
      max: config.rateLimit.max,
      windowMs: config.rateLimit.windowMs,
      counter: options.rateLimitCounter ?? new InMemoryWeightedCounter(),
    });
    await protectedScope.register(accountsApi, {
      useCases,
      jwt: config.jwt,
      adminScope: config.adminScope,
      ...(options.ssf ? { ssf: options.ssf.streams } : {}),
    });
  });
  return app;
}
