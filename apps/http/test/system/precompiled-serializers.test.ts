import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createUseCases } from '@accounts/application';
import { createTestPorts, seedEntitlement, seedUser, aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ServiceMetrics } from '../../src/observability/metrics.js';
import { precompiledSerializers } from '../../src/precompiled-serializers.js';
import { testConfig, tokenFor } from '../support.js';

// What `pnpm build` compiled (the system tier's global setup builds once before the first file).
const dir = join(import.meta.dirname, '../../dist/serializers');

async function appReading() {
  const ports = createTestPorts();
  const user = seedUser(ports.db);
  seedEntitlement(ports.db, aDropEntitlement(user.id, { metadata: { customDomain: 'shop.example.com' } }));
  const app = await buildApp({
    useCases: createUseCases(ports),
    config: testConfig(),
    metrics: new ServiceMetrics(),
    serializers: precompiledSerializers(dir),
  });
  return { app, user };
}

describe('response serializers compiled at build time (pnpm build)', () => {
  it('are stored for the routes of the service as it is built', () => {
    expect(readdirSync(dir).length).toBeGreaterThan(100);
  });

  it('answer as the serializers compiled at start do, fields outside the schema left out', async () => {
    const { app, user } = await appReading();
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
    const { app } = await appReading();
    app.get(
      '/added',
      { schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } } },
      () => ({ a: 1, b: 2 }),
    );
    await app.ready();
    expect((await app.inject({ url: '/added' })).json()).toEqual({ a: 1 });
    await app.close();

    const broken = await appReading();
    broken.app.get(
      '/broken',
      { schema: { response: { 200: { type: 'object', properties: { a: { $ref: 'Missing#/nowhere' } } } } } },
      () => ({ a: 1 }),
    );
    await expect(broken.app.ready()).rejects.toThrow();
    await broken.app.close();
  });
});
