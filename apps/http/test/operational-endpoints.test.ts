import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support.js';

type Schema = {
  $ref?: string;
  type?: string;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  security?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> } | undefined>;
};
type OpenApiDocument = {
  openapi: string;
  info: { version: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Schema> };
  paths: Record<string, Partial<Record<'get' | 'post' | 'delete', Operation>>>;
};

/** What the /docs page `body` links to in `link`'s first group, fetched as the browser would. */
async function linkedFromDocs(t: TestApp, body: string, link: RegExp) {
  const path = link.exec(body)?.[1];
  expect(path).toBeDefined();
  return t.app.inject({ method: 'GET', url: path!.startsWith('/') ? path! : `/docs/${path}` });
}

describe('endpoints beside the API', () => {
  it('GET /healthz answers ok without a token', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready when the database answers', async () => {
    const t = await createTestApp({ ping: () => Promise.resolve() });
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /readyz answers 503 when the database fails', async () => {
    const t = await createTestApp({ ping: () => Promise.reject(new Error('connection refused')) });
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'NOT_READY' });
  });

  it('GET /readyz answers 503 within 3 s when the database hangs', async () => {
    const t = await createTestApp({ ping: () => new Promise(() => undefined) });
    const started = Date.now();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  describe('GET /openapi.json', () => {
    it('describes the API as OpenAPI 3.1, version 1.0.0, from the route schemas', async () => {
      const t = await createTestApp();
      const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json<OpenApiDocument>();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.version).toBe('1.0.0');
      expect(doc.components.securitySchemes.bearerAuth).toEqual({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
      });
      expect(doc.components.securitySchemes.dpopAuth).toMatchObject({ type: 'http', scheme: 'DPoP' });
      expect(Object.keys(doc.paths).sort()).toEqual([
        '/api/admin/users',
        '/api/admin/users/{id}',
        '/api/admin/users/{id}/ban',
        '/api/admin/users/{id}/disable',
        '/api/admin/users/{id}/enable',
        '/api/admin/users/{id}/export',
        '/api/admin/users/{id}/reset-two-factor',
        '/api/admin/users/{id}/security-events',
        '/api/admin/users/{id}/sessions',
        '/api/admin/users/{id}/sign-out-everywhere',
        '/api/admin/users/{id}/unban',
        '/api/auth/2fa',
        '/api/auth/2fa/backup-codes',
        '/api/auth/ban-account',
        '/api/auth/delete-account',
        '/api/auth/disable-account',
        '/api/auth/passkeys',
        '/api/auth/passkeys/authentication-options',
        '/api/auth/passkeys/registration-options',
        '/api/auth/passkeys/{id}',
        '/api/billing/portal',
        '/api/idp/backchannel-logout',
        '/api/user/custom-domain',
        '/api/user/custom-domain/verification',
        '/api/user/custom-domain/verify',
        '/api/user/export',
        '/api/user/security-events',
        '/api/user/sessions',
        '/api/user/sessions/current',
        '/api/user/sessions/revoke-others',
        '/api/user/sessions/{id}',
        '/api/user/sign-out-everywhere',
        '/healthz',
        '/readyz',
      ]);
      expect(Object.keys(doc.paths['/api/auth/disable-account'] ?? {}).sort()).toEqual(['delete', 'post']);
      expect(Object.keys(doc.paths['/api/user/custom-domain'] ?? {}).sort()).toEqual([
        'delete',
        'get',
        'post',
      ]);

      const twoFactor = doc.paths['/api/auth/2fa']?.post;
      expect(twoFactor?.security).toEqual([{ bearerAuth: [] }, { dpopAuth: [] }]);
      const schemaOf = (status: number) =>
        twoFactor?.responses[String(status)]?.content?.['application/json']?.schema;
      const named = (schema: Schema | undefined) =>
        doc.components.schemas[schema?.$ref?.replace('#/components/schemas/', '') ?? ''];
      // One shape per case: setup, confirm, disable.
      const answers = named(schemaOf(200))?.oneOf?.map(named);
      expect(answers).toHaveLength(3);
      const [setup, confirm, disable] = answers ?? [];
      expect(setup?.required).toEqual(['qrCode', 'secret', 'manualEntryKey', 'message']);
      // Listed as the specification's description lists it, never returned by setup.
      expect(setup?.properties?.backupCodes).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(confirm?.required).toEqual(['message', 'twoFactorEnabled', 'backupCodes']);
      expect(confirm?.properties?.backupCodes).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(confirm?.properties?.twoFactorEnabled?.enum).toEqual([true]);
      expect(disable?.required).toEqual(['message', 'twoFactorEnabled']);
      expect(disable?.properties?.twoFactorEnabled?.enum).toEqual([false]);
      // Every error answer is the ErrorBody, narrowed to the status and the codes it can give.
      const codes = (status: number) => {
        const [body, narrowed] = schemaOf(status)?.allOf ?? [];
        expect(body?.$ref).toBe('#/components/schemas/ErrorBody');
        expect(narrowed?.properties?.statusCode?.enum).toEqual([status]);
        return narrowed?.properties?.code?.enum;
      };
      expect(codes(400)).toEqual(
        expect.arrayContaining([
          'VALIDATION_ERROR',
          'INVALID_JSON',
          'INVALID_VERIFICATION_CODE',
          'TWO_FACTOR_NOT_ENABLED',
          'PASSWORD_REQUIRED',
        ]),
      );
      // INVALID_PASSWORD: with TWO_FACTOR_REQUIRE_PASSWORD=true, confirm and disable check the password.
      expect(codes(401)).toEqual([
        'MISSING_TOKEN',
        'INVALID_TOKEN',
        'TOKEN_EXPIRED',
        'INVALID_DPOP_PROOF',
        'SESSION_REVOKED',
        'INSUFFICIENT_USER_AUTHENTICATION',
        'ACCOUNT_DISABLED',
        'ACCOUNT_BANNED',
        'INVALID_PASSWORD',
      ]);
      expect(codes(413)).toEqual(['PAYLOAD_TOO_LARGE']);
      expect(codes(415)).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
      expect(codes(429)).toEqual(['RATE_LIMITED', 'TOO_MANY_ATTEMPTS']);

      const portal = doc.paths['/api/billing/portal']?.get;
      expect(Object.keys(portal?.responses ?? {})).toEqual(
        expect.arrayContaining(['307', '400', '401', '429', '500']),
      );
      expect(doc.paths['/healthz']?.get?.security).toEqual([]);
    });

    it.each([
      [
        'get',
        '/api/auth/2fa',
        { 401: ['INVALID_TOKEN', 'ACCOUNT_DISABLED', 'ACCOUNT_BANNED'], 404: ['USER_NOT_FOUND'] },
      ],
      [
        'post',
        '/api/auth/2fa/backup-codes',
        {
          400: [
            'VALIDATION_ERROR',
            'INVALID_JSON',
            'TWO_FACTOR_NOT_ENABLED',
            'VERIFICATION_CODE_MISSING',
            'INVALID_VERIFICATION_CODE',
          ],
          404: ['USER_NOT_FOUND'],
          429: ['RATE_LIMITED', 'TOO_MANY_ATTEMPTS'],
        },
      ],
      ['get', '/api/user/custom-domain/verification', { 404: ['USER_NOT_FOUND', 'CUSTOM_DOMAIN_NOT_SET'] }],
      [
        'post',
        '/api/user/custom-domain/verify',
        { 403: ['ENTERPRISE_PLAN_REQUIRED'], 404: ['USER_NOT_FOUND', 'CUSTOM_DOMAIN_NOT_SET'] },
      ],
      [
        'get',
        '/api/user/security-events',
        { 400: ['VALIDATION_ERROR', 'INVALID_CURSOR'], 404: ['USER_NOT_FOUND'] },
      ],
    ] as const)('describes %s %s with its errors', async (method, path, errors) => {
      const t = await createTestApp();
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
      const operation = doc.paths[path]?.[method];
      expect(operation?.security).toEqual([{ bearerAuth: [] }, { dpopAuth: [] }]);
      const schemaOf = (status: number | string) =>
        operation?.responses[String(status)]?.content?.['application/json']?.schema;
      // The answer is a named schema; each error answer is the ErrorBody narrowed to its codes.
      const named = schemaOf(200)?.$ref?.replace('#/components/schemas/', '') ?? '';
      expect(doc.components.schemas[named]?.type).toBe('object');
      const codesOf = (status: number | string) => schemaOf(status)?.allOf?.[1]?.properties?.code?.enum;
      for (const [status, codes] of Object.entries(errors) as [string, readonly string[]][]) {
        expect(codesOf(status)).toEqual(expect.arrayContaining([...codes]));
      }
      expect(codesOf(500)).toEqual(['INTERNAL_ERROR']);
    });
  });

  it('GET /docs serves the reference page and its bundled assets', async () => {
    const t = await createTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const asset = await linkedFromDocs(t, page.body, /src="([^"]*swagger-ui-bundle\.js)"/);
    expect(asset.statusCode).toBe(200);
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('/openapi.json');
  });

  it('GET /docs is titled with APP_NAME, without the framework logo, and loads nothing from outside', async () => {
    const appName = 'Acme <Accounts> & "Co"';
    const t = await createTestApp({ config: { appName } });
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.body).toContain('<title>Acme &lt;Accounts&gt; &amp; &quot;Co&quot;</title>');
    expect(page.body).not.toContain('Swagger UI');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const icon = await linkedFromDocs(t, page.body, /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/);
    expect(icon.statusCode).toBe(200);

    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    const swaggerUi = dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json'));
    const fastifyLogo = readFileSync(join(swaggerUi, 'static', 'logo.svg')).toString('base64');
    expect(initializer.body).not.toContain(fastifyLogo);
    // The layout without the top bar, where Swagger UI shows a logo.
    expect(initializer.body).toContain('"layout":"BaseLayout"');

    const description = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(description.json<{ info: { title: string } }>().info.title).toBe(appName);
  });
});
