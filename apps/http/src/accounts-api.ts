import type { UseCases } from '@accounts/application';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import fp from 'fastify-plugin';
import type { JwtConfig } from './config/service-config.js';
import { API_HEADERS, handleError, handleNotFound, tokenRouteErrorHandler } from './errors.js';
import {
  Guard,
  hostAuthenticator,
  registerBearerTokens,
  type HostAuthentication,
} from './plugins/authentication.js';
import { accountExportRoutes } from './routes/account-export.routes.js';
import { accountRoutes } from './routes/account.routes.js';
import { billingRoutes } from './routes/billing.routes.js';
import { operatorRoutes } from './routes/operator.routes.js';
import { passkeyRoutes } from './routes/passkeys.routes.js';
import { customDomainRoutes } from './routes/custom-domain.routes.js';
import { domainVerificationRoutes } from './routes/domain-verification.routes.js';
import { securityEventsRoutes } from './routes/security-events.routes.js';
import { sessionRoutes } from './routes/sessions.routes.js';
import { ssfStreamRoutes, type SsfStreamRoutesOptions } from './routes/ssf-streams.routes.js';
import { twoFactorRoutes } from './routes/two-factor.routes.js';
import { twoFactorStatusRoutes } from './routes/two-factor-status.routes.js';
import { namedSchemaEntries } from './schemas/named-schema.js';
import { refuseNulCharacters } from './plugins/no-nul-characters.js';
import { StepUpOperations } from './plugins/step-up.js';
import { bearerChallenge } from './www-authenticate.js';
import { withDpopChallenge } from './plugins/dpop-binding.js';

export type { HostAuthentication } from './plugins/authentication.js';

/**
 * `useCases`: what the routes run (createUseCases, or createAccounts' result). Then who the
 * caller is: `jwt`, the built-in bearer-token verification, or `authenticate`, the host's own
 * (its user id for the request, or null: 401 UNAUTHENTICATED).
 */
/** The operator scope when none is configured (ADMIN_SCOPE's default). */
const DEFAULT_ADMIN_SCOPE = 'accounts:admin';

export type AccountsApiOptions = {
  useCases: UseCases;
  /**
   * Its routes' OpenAPI security requirement in the host's description. Default: with `jwt`,
   * `[{ bearerAuth: [] }, { dpopAuth: [] }]` (the host's description declares those HTTP schemes); with
   * `authenticate`, none (`[]`), or the host's own scheme, e.g. `[{ session: [] }]`.
   */
  openApiSecurity?: Record<string, string[]>[];
  /** The `scope` an operator token carries for `/api/admin/*` (default `accounts:admin`); only with `jwt`. */
  adminScope?: string;
  /** The SSF transmitter's stream management under `/api/ssf/` (decisions.md); none: those are 404. */
  ssf?: Omit<SsfStreamRoutesOptions, 'identify'>;
} & ({ jwt: JwtConfig; authenticate?: never } | { authenticate: HostAuthentication; jwt?: never });

/**
 * The account API as one Fastify plugin: every route under `/api` of the prefix it is registered
 * with (`host.register(accountsApi, { prefix: '/accounts', ... })` serves `/accounts/api/...`),
 * with its schemas, its error answers (the common error body, 404 and 405 under its `/api`) and
 * its authentication. Encapsulated: nothing it sets reaches the host's other routes. Route
 * protection, CORS, logging and the OpenAPI page are the host's (buildApp adds the service's own);
 * its routes appear in the host's @fastify/swagger description when the host registered it.
 */
const accountsApiPlugin: FastifyPluginAsyncTypebox<AccountsApiOptions> = async (scope, options) => {
  const { useCases } = options;
  // Shared schemas the route schemas refer to by $id (see named()); buildApp adds them at its root.
  for (const { name, schema } of namedSchemaEntries()) {
    if (scope.getSchema(name) === undefined) scope.addSchema(schema);
  }
  // Request validation by the contract's rules whatever the host's Ajv options: strict types (no
  // coercion), unknown body fields dropped; the formats Fastify's own Ajv knows. Fastify's
  // documented custom validator instance.
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: 'all', useDefaults: true, allErrors: false });
  ajvFormats.default(ajv);
  for (const { schema } of namedSchemaEntries()) ajv.addSchema(schema);
  scope.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  // With bearer tokens every 401 says how to authenticate (RFC 6750 §3); a host's own scheme is its own.
  scope.setErrorHandler(
    options.jwt === undefined
      ? handleError
      : tokenRouteErrorHandler(options.jwt.dpop ? withDpopChallenge(bearerChallenge) : bearerChallenge),
  );
  // JSON only: any other body is a 415, not a string that fails validation.
  scope.removeContentTypeParser('text/plain');
  Guard.decorate(scope);
  const identify =
    options.jwt !== undefined
      ? await registerBearerTokens(scope, options.jwt)
      : hostAuthenticator(options.authenticate);
  const stepUp = options.jwt?.stepUp ? new StepUpOperations(options.jwt.stepUp) : null;
  const guard = new Guard(identify, useCases.authorizeAccount, stepUp);
  const security = options.openApiSecurity ?? (options.jwt !== undefined ? undefined : []);
  if (security !== undefined) {
    // The route schemas name the service's bearer scheme; a host describes its own.
    scope.addHook('onRoute', (route) => {
      if (route.schema) route.schema = { ...route.schema, security };
    });
  }

  await scope.register(
    async (api) => {
      api.addHook('onRequest', (_request, reply, done) => {
        reply.headers(API_HEADERS);
        done();
      });
      // Before any other check of the body: a request held across a revocation gets its 401 first.
      api.addHook('preValidation', guard.judgeArrived);
      api.addHook('preValidation', refuseNulCharacters);
      api.setNotFoundHandler(handleNotFound);
      await api.register(twoFactorRoutes, { useCases, guard });
      await api.register(twoFactorStatusRoutes, { useCases, guard });
      await api.register(customDomainRoutes, { useCases, guard });
      await api.register(domainVerificationRoutes, { useCases, guard });
      await api.register(securityEventsRoutes, { useCases, guard });
      await api.register(accountRoutes, { useCases, guard });
      await api.register(billingRoutes, { useCases, guard });
      await api.register(passkeyRoutes, { useCases, guard });
      await api.register(accountExportRoutes, { useCases, guard });
      await api.register(sessionRoutes, { useCases, guard });
      await api.register(operatorRoutes, {
        useCases,
        guard,
        adminScope: options.adminScope ?? DEFAULT_ADMIN_SCOPE,
      });
      if (options.ssf) await api.register(ssfStreamRoutes, { ...options.ssf, identify });
    },
    { prefix: '/api' },
  );
};

export const accountsApi = fp(accountsApiPlugin, {
  name: '@accounts/http',
  fastify: '5.x',
  // Its own scope, so that the host's prefix applies and its hooks and handlers stay inside.
  encapsulate: true,
});
