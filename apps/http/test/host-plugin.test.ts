import { createUseCases } from '@accounts/application';
import { aDropEntitlement, createTestPorts, seedEntitlement, seedUser } from '@accounts/application/testing';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountsApi, mintToken } from '../src/app.js';
import { bearer, testConfig, tokenFor } from './support.js';

/** A host of its own: its own swagger, its own routes, and the account API under /accounts. */
async function host(mount: 'own authentication' | 'bearer tokens') {
  const ports = createTestPorts();
  const useCases = createUseCases(ports);
  const app = Fastify();
  await app.register(swagger, { openapi: { info: { title: 'Host', version: '1.0.0' } } });
  app.get(
    '/own',
    { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } },
    () => ({
      ok: true,
    }),
  );
  if (mount === 'own authentication') {
    // The host's session: here a header its own proxy would set.
    await app.register(accountsApi, {
      prefix: '/accounts',
      useCases,
      authenticate: (request) => {
        const user = request.headers['x-host-user'];
        return typeof user === 'string' ? user : null;
      },
    });
  } else {
    await app.register(accountsApi, { prefix: '/accounts', useCases, jwt: testConfig().jwt });
  }
  await app.ready();
  const user = seedUser(ports.db);
  seedEntitlement(ports.db, aDropEntitlement(user.id));
  return { app, user };
}

describe('accountsApi mounted in a host Fastify app', () => {
  it("answers under the host's prefix with the host's own authentication", async () => {
    const { app, user } = await host('own authentication');
    const signedIn = await app.inject({
      method: 'GET',
      url: '/accounts/api/user/custom-domain',
      headers: { 'x-host-user': user.id },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('customDomain');

    const anonymous = await app.inject({ method: 'GET', url: '/accounts/api/user/custom-domain' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });

    // Its error answers under its /api; the host's own routes and 404s stay the host's.
    const unknown = await app.inject({ method: 'GET', url: '/accounts/api/nothing-here' });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const invalid = await app.inject({
      method: 'POST',
      url: '/accounts/api/user/custom-domain',
      headers: { 'x-host-user': user.id },
      payload: { domain: 42 },
    });
    expect(invalid.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect((await app.inject({ method: 'GET', url: '/own' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).json()).not.toHaveProperty('code');
    await app.close();
  });

  it("puts its routes into the host's OpenAPI description", async () => {
    const { app } = await host('own authentication');
    const description = app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(Object.keys(description.paths)).toEqual(
      expect.arrayContaining(['/own', '/accounts/api/user/custom-domain', '/accounts/api/auth/2fa']),
    );
    expect(description.paths['/accounts/api/user/custom-domain']?.get?.operationId).toBe('getCustomDomain');
    await app.close();
  });

  it('verifies bearer tokens itself when given the JWT configuration', async () => {
    const { app, user } = await host('bearer tokens');
    const url = '/accounts/api/user/custom-domain';
    expect((await app.inject({ method: 'GET', url, headers: bearer(tokenFor(user.id)) })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url })).json()).toMatchObject({ code: 'MISSING_TOKEN' });
    await app.close();
  });

  it("checks the `jwt` option's issuer and audience only when they are not null, and takes mintToken's tokens", async () => {
    const ports = createTestPorts();
    const useCases = createUseCases(ports);
    const user = seedUser(ports.db);
    const secret = 'a host test secret of at least thirty-two bytes';
    const mount = async (issuer: string | null, audience: string | null) => {
      const app = Fastify();
      await app.register(accountsApi, {
        prefix: '/accounts',
        useCases,
        jwt: { key: { kind: 'secret', secret, algorithms: ['HS256'] }, issuer, audience },
      });
      await app.ready();
      return app;
    };
    const answer = async (
      app: Awaited<ReturnType<typeof mount>>,
      claims: { issuer?: string; audience?: string },
    ) => {
      const token = mintToken({ secret, userId: user.id, expiresInSeconds: 60, ...claims });
      const response = await app.inject({
        method: 'GET',
        url: '/accounts/api/auth/2fa',
        headers: bearer(token),
      });
      return response.statusCode === 200 ? 200 : response.json<{ code: string }>().code;
    };
    const idp = { issuer: 'https://idp.example', audience: 'accounts' };

    const checked = await mount(idp.issuer, idp.audience);
    expect(await answer(checked, idp)).toBe(200);
    expect(await answer(checked, {})).toBe('INVALID_TOKEN');
    expect(await answer(checked, { ...idp, audience: 'another-api' })).toBe('INVALID_TOKEN');
    expect(await answer(checked, { ...idp, issuer: 'https://other.example' })).toBe('INVALID_TOKEN');
    await checked.close();

    const unchecked = await mount(null, null);
    expect(await answer(unchecked, {})).toBe(200);
    expect(await answer(unchecked, { issuer: 'https://other.example', audience: 'another-api' })).toBe(200);
    await unchecked.close();
  });
});
