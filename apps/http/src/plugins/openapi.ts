import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { HTTP_ERROR_CODES } from '../errors.js';
import { namedSchemas } from '../schemas/named-schema.js';
import { API_TAGS } from '../schemas/operation.schemas.js';
import { docsPageSecurity, docsPageTheme } from './docs-page.js';

const API_VERSION = '1.0.0';

const ERROR_CODES_TEXT = [
  'Every error answer has the body `ErrorBody`: `{ statusCode, error, code, message }`; `code` is stable.',
  'Each operation lists its codes per status. Codes of the HTTP layer:',
  `\`${HTTP_ERROR_CODES.validation}\` (400, first validation message), \`${HTTP_ERROR_CODES.invalidJson}\` (400),`,
  `\`${HTTP_ERROR_CODES.missingToken}\` (401, no bearer token), \`${HTTP_ERROR_CODES.invalidToken}\` (401, bad token: get a new one),`,
  `\`${HTTP_ERROR_CODES.tokenExpired}\` (401, expired token: refresh it), \`${HTTP_ERROR_CODES.notFound}\` (404, unknown route),`,
  `\`${HTTP_ERROR_CODES.payloadTooLarge}\` (413, body over 16 KiB), \`${HTTP_ERROR_CODES.unsupportedMediaType}\` (415),`,
  `\`${HTTP_ERROR_CODES.rateLimited}\` (429, with Retry-After), \`${HTTP_ERROR_CODES.internal}\` (500).`,
  '',
  `\`INSUFFICIENT_USER_AUTHENTICATION\` (401, RFC 9470): the operations a deployment lists in \`STEP_UP_OPERATIONS\` (any that takes a user's token, not the operator ones) need a sign-in with a listed \`acr\` and/or a recent \`auth_time\`; the \`WWW-Authenticate\` challenge says which \`acr_values\` or \`max_age\` to ask the identity provider for.`,
  'Every 401 carries `WWW-Authenticate` (`Bearer`, with `error="invalid_token"` when the token was refused).',
  '',
  'Route protection: one budget per client address (default 60 units per 60 s); disable-account,',
  'ban-account, delete-account, the billing portal and custom-domain verify spend 2 units, the other operations 1.',
].join('\n');

/**
 * No license is granted to outside users: the project is private. An SPDX `LicenseRef-` names
 * that without claiming an open-source license (docs/decisions.md).
 */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

export type OpenApiOptions = {
  /** APP_NAME: the description's title and the reference page's. */
  appName: string;
};

/**
 * The OpenAPI 3.1 description, generated from the route schemas (register before the routes),
 * served at /openapi.json, and the reference page at /docs (its assets ship with the package).
 * The named schemas (see named()) become shared schemas here, and components.schemas by name.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions) {
  for (const schema of namedSchemas()) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.appName,
        version: API_VERSION,
        description: `Account management: two-factor authentication (with backup codes), custom domain (with DNS verification), account disable, ban and delete, the account's security history, billing portal.\n\n${ERROR_CODES_TEXT}`,
        license: LICENSE,
      },
      servers: [{ url: '/', description: 'The host that serves this description' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // RFC 9449 §7.1: a DPoP-bound token as `Authorization: DPoP <token>` with a `DPoP` proof.
          dpopAuth: {
            type: 'http',
            scheme: 'DPoP',
            description:
              'A DPoP-bound token (`cnf.jkt`) as `Authorization: DPoP <token>`, with one `DPoP` header holding a fresh proof (RFC 9449) for this method and URL.',
          },
        },
      },
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    },
    // A shared schema is listed under its $id (default: def-0, def-1...).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { url: '/openapi.json', validatorUrl: null, layout: 'BaseLayout' },
    ...docsPageTheme(options.appName),
    ...docsPageSecurity(),
    logLevel: 'warn',
  });
  app.get('/openapi.json', { schema: { hide: true }, logLevel: 'warn' }, () => app.swagger());
}
