import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { HTTP_ERROR_CODES } from '../errors.js';

export const API_VERSION = '1.0.0';

const ERROR_CODES_TEXT = [
  'Every error answer has the body `{ statusCode, error, code, message }`; `code` is stable.',
  'Each operation lists its codes per status. Codes of the HTTP layer:',
  `\`${HTTP_ERROR_CODES.validation}\` (400, first validation message), \`${HTTP_ERROR_CODES.invalidJson}\` (400),`,
  `\`${HTTP_ERROR_CODES.unauthorized}\` (401), \`${HTTP_ERROR_CODES.notFound}\` (404, unknown route),`,
  `\`${HTTP_ERROR_CODES.payloadTooLarge}\` (413, body over 16 KiB), \`${HTTP_ERROR_CODES.unsupportedMediaType}\` (415),`,
  `\`${HTTP_ERROR_CODES.rateLimited}\` (429, with Retry-After), \`${HTTP_ERROR_CODES.internal}\` (500).`,
  '',
  'Route protection: one budget per client address (default 60 units per 60 s); disable-account,',
  'ban-account, delete-account, the billing portal and custom-domain verify spend 2 units, the other operations 1.',
].join('\n');

/**
 * The OpenAPI 3.1 description, generated from the route schemas (register before the routes),
 * served at /openapi.json, and the reference page at /docs (its assets ship with the package).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Account Service',
        version: API_VERSION,
        description: `Account management: two-factor authentication (with backup codes), custom domain (with DNS verification), account disable, ban and delete, the account's security history, billing portal.\n\n${ERROR_CODES_TEXT}`,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      tags: [
        { name: 'two-factor' },
        { name: 'custom-domain' },
        { name: 'account' },
        { name: 'billing' },
        { name: 'operations' },
      ],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { url: '/openapi.json', validatorUrl: null },
    logLevel: 'warn',
  });
  app.get('/openapi.json', { schema: { hide: true }, logLevel: 'warn' }, () => app.swagger());
}
