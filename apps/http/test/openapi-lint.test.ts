import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createTestApp } from './support.js';

const REDOCLY_CONFIG = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

type Schema = { $ref?: string; allOf?: Schema[]; type?: string };
type Response = {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Schema }>;
};
type Operation = {
  operationId?: string;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** Method and path of every route the app serves, read from Fastify's route tree, as OpenAPI writes them. */
function servedRoutes(app: App): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    segments.length = depth;
    segments.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      // Fastify's `:id` is OpenAPI's `{id}`.
      routes.push(`${method} ${segments.join('').replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

/** Served but not operations of the API: the description itself, its page, and CORS preflights. */
const NOT_DESCRIBED = /^(HEAD|OPTIONS) |^GET \/docs(\/|$)|^GET \/openapi\.json$/;

/** The operations the Redocly waivers in redocly.yaml are for; nothing else may need one. */
const WITHOUT_2XX = ['GET /api/billing/portal'];
const WITHOUT_4XX = ['GET /healthz', 'GET /readyz'];
/** The provider's back-channel logout: a form body, OAuth 2.0's error shape, outside route protection. */
const PROVIDER_LOGOUT = 'POST /api/idp/backchannel-logout';

describe('the OpenAPI description', () => {
  let app: App;
  let source: string;
  let doc: OpenApiDocument;
  const operations: [string, Operation][] = [];

  beforeAll(async () => {
    app = (await createTestApp()).app;
    source = (await app.inject({ method: 'GET', url: '/openapi.json' })).body;
    doc = JSON.parse(source) as OpenApiDocument;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations.push([`${method.toUpperCase()} ${path}`, operation]);
      }
    }
  });

  it('describes the page size of the security history as an integer from 1 to 100', () => {
    const parameters = JSON.stringify(doc.paths['/api/user/security-events']);
    const page = (JSON.parse(parameters) as { get: { parameters: { name: string; schema: unknown }[] } }).get;
    expect(page.parameters.find((parameter) => parameter.name === 'limit')?.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
  });

  it('describes every route the app serves', () => {
    // Path parameters as OpenAPI writes them: Fastify's `:id` is `{id}` there.
    const served = servedRoutes(app)
      .filter((route) => !NOT_DESCRIBED.test(route))
      .map((route) => route.replace(/:(\w+)/g, '{$1}'));
    expect(served.length).toBeGreaterThan(0);
    expect(operations.map(([name]) => name).sort()).toEqual([...new Set(served)].sort());
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = problems.map(
      ({ severity, ruleId, message, location }) =>
        `${severity} ${ruleId}: ${message} (${location[0]?.pointer ?? ''})`,
    );
    expect(found).toEqual([]);
  });

  it('keeps the waived rules for every operation but the ones they are waived for', () => {
    const codes = (operation: Operation) => Object.keys(operation.responses);
    const without2xx = operations.filter(([, op]) => !codes(op).some((code) => code.startsWith('2')));
    const without4xx = operations.filter(([, op]) => !codes(op).some((code) => code.startsWith('4')));
    expect(without2xx.map(([name]) => name)).toEqual(WITHOUT_2XX);
    expect(without4xx.map(([name]) => name).sort()).toEqual(WITHOUT_4XX);
  });

  it('gives every operation a camelCase operationId', () => {
    for (const [name, operation] of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });

  it('names every body and answer in components.schemas', () => {
    const isNamed = (schema: Schema | undefined) =>
      schema?.$ref !== undefined &&
      schema.$ref.replace('#/components/schemas/', '') in doc.components.schemas;
    for (const [name, operation] of operations) {
      const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      if (operation.requestBody) expect(isNamed(body), `${name} body`).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (status.startsWith('2')) expect(isNamed(schema), `${name} ${status}`).toBe(true);
        else if (name === PROVIDER_LOGOUT && status === '400')
          expect(schema?.$ref, `${name} ${status}`).toBe('#/components/schemas/LogoutRefused');
        else if (schema)
          expect(schema.allOf?.[0]?.$ref, `${name} ${status}`).toBe('#/components/schemas/ErrorBody');
      }
    }
  });

  it('declares the headers each answer carries', () => {
    for (const [name, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        const where = `${name} ${status}`;
        expect(headers, where).toContain('X-Request-Id');
        if (name.includes(' /api/') && name !== PROVIDER_LOGOUT) {
          expect(headers, where).toEqual(
            expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
          );
        }
        if (status === '429') expect(headers, where).toContain('Retry-After');
        if (status.startsWith('3')) expect(headers, where).toContain('Location');
      }
    }
  });
});
