import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../src/app.js';
import { bearer, createTestApp, nowSeconds, PASSWORD, signJwt } from './support.js';

const READ = '/api/user/custom-domain';

describe('WWW-Authenticate on every 401 of a token route (RFC 6750 §3)', () => {
  it('names the scheme alone to a request without a token', async () => {
    const t = await createTestApp();
    for (const headers of [{}, { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: READ, headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('says invalid_token to a token that is refused, whatever the reason', async () => {
    const t = await createTestApp();
    t.addUser({ id: 'user-a' });
    t.addUser({ id: 'user-d', disabled: true });
    const refused = [
      bearer('not.a.jwt'),
      bearer(signJwt({ sub: 'user-a', iat: nowSeconds() - 900, exp: nowSeconds() - 120 })),
      t.auth('user-d'),
    ];
    for (const headers of refused) {
      const response = await t.app.inject({ method: 'GET', url: READ, headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });

  it('says invalid_token to a revoked session', async () => {
    const t = await createTestApp();
    t.addUser({ id: 'user-a' });
    const headers = t.auth('user-a');
    const signOut = await t.app.inject({ method: 'POST', url: '/api/user/sign-out-everywhere', headers });
    expect(signOut.statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: READ, headers });
    expect(response.json()).toMatchObject({ code: 'SESSION_REVOKED' });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('does not call a good token invalid when the password in the body is wrong', async () => {
    const t = await createTestApp();
    t.addUser({ id: 'user-a' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers: t.auth('user-a'),
      payload: { password: `not ${PASSWORD}` },
    });
    expect(response.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('adds nothing to answers other than 401', async () => {
    const t = await createTestApp();
    t.addUser({ id: 'user-a' });
    const response = await t.app.inject({ method: 'GET', url: READ, headers: t.auth('user-a') });
    expect(response.statusCode).not.toBe(401);
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('exposes the challenge to a cross-origin page, and lets it send a DPoP proof', async () => {
    const t = await createTestApp();
    const origin = 'https://app.example.com';
    const response = await t.app.inject({ method: 'GET', url: READ, headers: { origin } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-expose-headers']).toMatch(/(^|, )WWW-Authenticate(,|$)/);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: READ,
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,dpop',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/(^|, )DPoP(,|$)/);
  });

  it("leaves a host's own authentication without a Bearer challenge", async () => {
    const host = Fastify();
    await host.register(accountsApi, {
      useCases: createUseCases(createTestPorts()),
      authenticate: () => null,
    });
    const response = await host.inject({ method: 'GET', url: READ });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBeUndefined();
  });
});
