import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUseCases } from '@accounts/application';
import { createTestPorts, seedEntitlement, seedUser, aDropEntitlement } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { compileSerializers } from '../src/compile-serializers.js';
import { ServiceMetrics } from '../src/observability/metrics.js';
import { precompiledSerializers } from '../src/precompiled-serializers.js';
import { testConfig, tokenFor } from './support.js';

// Inside the package, as dist/serializers is: the compiled files require fast-json-stringify, which
// resolves from the package's node_modules and not from the system's temporary directory.
const CACHE = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
let dir: string;
beforeAll(async () => {
  mkdirSync(CACHE, { recursive: true });
  dir = mkdtempSync(join(CACHE, 'serializers-'));
  await compileSerializers(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function appReading(compiledAtStart: string[]) {
  const ports = createTestPorts();
  const user = seedUser(ports.db);
  seedEntitlement(ports.db, aDropEntitlement(user.id, { metadata: { customDomain: 'shop.example.com' } }));
  const app = await buildApp({
    useCases: createUseCases(ports),
    config: testConfig(),
    metrics: new ServiceMetrics(),
    serializers: precompiledSerializers(dir, {
      compiledAtStart: (route) => compiledAtStart.push(`${route.method} ${route.url} ${route.httpStatus}`),
    }),
  });
  return { app, user };
}

describe('response serializers compiled at build time (pnpm build)', () => {
  it('cover every route of the server: its start compiles none', async () => {
    expect(readdirSync(dir).length).toBeGreaterThan(100);
    const compiledAtStart: string[] = [];
    const { app } = await appReading(compiledAtStart);
    await app.ready();
    expect(compiledAtStart).toEqual([]);
    await app.close();
  });

  it('are loaded when their route first answers, not at start', async () => {
    const loaded = () =>
      Object.keys(createRequire(join(dir, 'index.cjs')).cache).filter((file) => file.startsWith(dir));
    const { app, user } = await appReading([]);
    await app.ready();
    expect(loaded()).toEqual([]);
    await app.inject({
      url: '/api/user/custom-domain',
      headers: { authorization: `Bearer ${tokenFor(user.id)}` },
    });
    expect(loaded()).toEqual([expect.stringMatching(/GET_api_user_custom_domain_200_/)]);
    await app.close();
  });

  it('answer as the serializers compiled at start do, fields outside the schema left out', async () => {
    const { app, user } = await appReading([]);
    const response = await app.inject({
      url: '/api/user/custom-domain',
      headers: { authorization: `Bearer ${tokenFor(user.id)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customDomain: 'shop.example.com',
      customDomainVerified: false,
      hasCustomDomain: true,
    });
    const refused = await app.inject({ url: '/api/user/custom-domain' });
    expect(refused.statusCode).toBe(401);
    expect(Object.keys(refused.json())).toEqual(expect.arrayContaining(['error', 'code']));
    await app.close();
  });

  it('leave a route whose schema changed since the build to be compiled at start, a broken one failing it', async () => {
    const compiledAtStart: string[] = [];
    const { app } = await appReading(compiledAtStart);
    app.get(
      '/added',
      { schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } } },
      () => ({
        a: 1,
        b: 2,
      }),
    );
    await app.ready();
    expect(compiledAtStart).toEqual(['GET /added 200', 'HEAD /added 200']);
    expect((await app.inject({ url: '/added' })).json()).toEqual({ a: 1 });
    await app.close();

    const broken = await appReading([]);
    broken.app.get(
      '/broken',
      { schema: { response: { 200: { type: 'object', properties: { a: { $ref: 'Missing#/nowhere' } } } } } },
      () => ({ a: 1 }),
    );
    await expect(broken.app.ready()).rejects.toThrow();
    await broken.app.close();
  });
});
