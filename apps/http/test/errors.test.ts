import { describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD } from './support.js';

describe('validation', () => {
  // Columns: path, body (none: no body at all), the answer's message.
  it.each([
    ['/api/auth/2fa', { enable: 'true' }, 'body/enable must be boolean'], // types are not coerced
    ['/api/auth/2fa', undefined, 'body must be object'],
    ['/api/auth/disable-account', {}, "body must have required property 'password'"],
    ['/api/auth/disable-account', { password: 123 }, 'body/password must be string'],
    [
      '/api/auth/disable-account',
      { password: PASSWORD, verificationCode: 123456 },
      'body/verificationCode must be string',
    ],
  ])('answers POST %s with %o by 400 and the first validation message', async (url, payload, message) => {
    const t = await createTestApp();
    const user = t.addUser();
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: t.auth(user.id),
      ...(payload ? { payload } : {}),
    });
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message,
    });
  });

  it('ignores unknown fields and never stores them', async () => {
    const t = await createTestApp();
    const user = t.addUser();
    t.addEntitlement(user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/custom-domain',
      headers: t.auth(user.id),
      payload: { domain: 'example.com', customDomainVerified: true, userId: 'someone-else' },
    });
    expect(response.statusCode).toBe(200);
    expect(t.ports.db.entitlements[0]?.metadata).toEqual({
      customDomain: 'example.com',
      customDomainVerified: false,
    });
  });

  it('checks the JSON body of an empty application/json request', async () => {
    const t = await createTestApp();
    const user = t.addUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa',
      headers: { ...t.auth(user.id), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
  });
});

describe('error answers', () => {
  it('answers an unknown route with 404 NOT_FOUND in the same shape', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Route GET /api/nothing-here not found',
    });
  });

  it('hides an unexpected failure behind 500 Internal server error', async () => {
    const t = await createTestApp();
    const user = t.addUser();
    t.ports.entitlements.findMetadataWithAccountFlags = () =>
      Promise.reject(new Error('relation "service_access" does not exist at SELECT * FROM service_access'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      headers: t.auth(user.id),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect(response.body).not.toMatch(/service_access|SELECT|at /);
  });

  it('echoes the request id, or makes one', async () => {
    const t = await createTestApp();
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\u0001' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
