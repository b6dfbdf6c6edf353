import { describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './support.js';

describe('processing order', () => {
  it('answers 429 before 401: route protection runs before authentication', async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 1, windowMs: 60_000 } } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/custom-domain' })).statusCode).toBe(401);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/user/custom-domain' });
    expect(blocked.statusCode).toBe(429);
  });

  it('answers 401 before a validation error', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/2fa', payload: { enable: 'yes' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'MISSING_TOKEN' });
  });

  it('answers 401 before an invalid JSON body, a wrong content type and a too large body', async () => {
    const t = await createTestApp();
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers: { 'content-type': 'application/json' },
      payload: '{"password":',
    });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers: { 'content-type': 'text/plain' },
      payload: 'password',
    });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      payload: { password: 'x'.repeat(20_000) },
    });
    for (const response of [invalidJson, wrongType, tooLarge]) expect(response.statusCode).toBe(401);
  });

  it('answers 401 for a disabled account before looking at the body', async () => {
    const t = await createTestApp();
    const user = t.addUser({ disabled: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/ban-account',
      headers: { ...t.auth(user.id), 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'ACCOUNT_DISABLED' });
  });

  it.each([
    ['disabled', { disabled: true }, 'ACCOUNT_DISABLED'],
    ['banned', { banned: true }, 'ACCOUNT_BANNED'],
  ])('answers 401 on /2fa for a %s account before validating the body', async (_state, flags, code) => {
    const t = await createTestApp();
    const user = t.addUser(flags);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa',
      headers: t.auth(user.id),
      payload: { enable: 'yes' },
    });
    expect(response.json()).toMatchObject({ statusCode: 401, code });
  });

  it('with a valid token, the body errors come next: 400, 415, 413', async () => {
    const t = await createTestApp();
    const user = t.addUser();
    const headers = t.auth(user.id);
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(invalidJson.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_JSON',
      message: 'Body is not valid JSON',
    });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: PASSWORD,
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({
      error: 'Unsupported Media Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers,
      payload: { password: 'x'.repeat(20_000) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a preflight without a token: 204 with the CORS headers', async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 1, windowMs: 60_000 } } });
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/disable-account',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(response.headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
      expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, DPoP');
    }
  });
});

describe('cross-origin', () => {
  it('reflects the request origin by default, on errors too', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      headers: { origin: 'https://anything.example' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe('https://anything.example');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('with CORS_ORIGINS, allows only the listed origins', async () => {
    const t = await createTestApp({ config: { corsOrigins: ['https://app.example.com'] } });
    const user = t.addUser();
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      headers: { ...t.auth(user.id), origin: 'https://app.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      headers: { ...t.auth(user.id), origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/custom-domain',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('route protection', () => {
  const small = { rateLimit: { max: 4, windowMs: 60_000 } };

  it('weight-2 routes spend two units of the one budget', async () => {
    const t = await createTestApp({ config: small });
    const user = t.addUser();
    const headers = t.auth(user.id);
    const first = await t.app.inject({ method: 'GET', url: '/api/billing/portal', headers });
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    const second = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/ban-account',
      headers,
      payload: { password: 'wrong' },
    });
    expect(second.json()).toMatchObject({ statusCode: 401, code: 'INVALID_PASSWORD' });
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    const third = await t.app.inject({ method: 'GET', url: '/api/user/custom-domain', headers });
    expect(third.statusCode).toBe(429);
  });

  it('a weight-2 call is refused when one unit is left', async () => {
    const t = await createTestApp({ config: small });
    const user = t.addUser();
    const headers = t.auth(user.id);
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/custom-domain', headers })).statusCode,
      ).toBe(200);
    }
    const heavy = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers,
      payload: { password: PASSWORD },
    });
    expect(heavy.statusCode).toBe(429);
    expect(t.ports.db.users.has(user.id)).toBe(true);
  });

  // Columns: method, path, and what is left of the budget of 4 after one request.
  it.each([
    ['POST', '/api/auth/disable-account', '2'],
    ['DELETE', '/api/auth/disable-account', '2'],
    ['POST', '/api/auth/ban-account', '2'],
    ['DELETE', '/api/auth/ban-account', '2'],
    ['POST', '/api/auth/delete-account', '2'],
    ['GET', '/api/billing/portal', '2'],
    ['POST', '/api/auth/2fa', '3'],
    ['GET', '/api/user/custom-domain', '3'],
    ['POST', '/api/user/custom-domain', '3'],
    ['DELETE', '/api/user/custom-domain', '3'],
  ] as const)('%s %s leaves %s of 4', async (method, url, remaining) => {
    const t = await createTestApp({ config: small });
    const response = await t.app.inject({ method, url });
    expect(response.headers['x-ratelimit-remaining']).toBe(remaining);
  });

  it('answers 429 with Retry-After, rate-limit headers and the error body', async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 2, windowMs: 30_000 } } });
    await t.app.inject({ method: 'GET', url: '/api/billing/portal' });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/user/custom-domain' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect(blocked.headers['x-ratelimit-limit']).toBe('2');
    expect(blocked.headers['x-ratelimit-remaining']).toBe('0');
    expect(blocked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'Rate limit exceeded, retry in 30 seconds',
    });
  });

  it('keeps one budget per client address', async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 1, windowMs: 60_000 } } });
    await t.app.inject({ method: 'GET', url: '/api/user/custom-domain', remoteAddress: '10.0.0.1' });
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      remoteAddress: '10.0.0.1',
    });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/custom-domain',
      remoteAddress: '10.0.0.2',
    });
    expect(same.statusCode).toBe(429);
    expect(other.statusCode).toBe(401);
  });

  it('honours X-Forwarded-For only with TRUST_PROXY', async () => {
    const forwardedFor = (t: TestApp, address: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/custom-domain',
        headers: { 'x-forwarded-for': address },
      });

    const trusting = await createTestApp({
      config: { rateLimit: { max: 1, windowMs: 60_000 }, trustProxy: true },
    });
    await forwardedFor(trusting, '1.1.1.1');
    const otherClient = await forwardedFor(trusting, '2.2.2.2');
    expect(otherClient.statusCode).toBe(401);

    const strict = await createTestApp({ config: { rateLimit: { max: 1, windowMs: 60_000 } } });
    await forwardedFor(strict, '1.1.1.1');
    const spoofed = await forwardedFor(strict, '2.2.2.2');
    expect(spoofed.statusCode).toBe(429);
  });

  it('does not limit /healthz, /readyz, /openapi.json and /docs', async () => {
    const t = await createTestApp({ config: { rateLimit: { max: 1, windowMs: 60_000 } } });
    for (let i = 0; i < 3; i++) {
      for (const url of ['/healthz', '/readyz', '/openapi.json', '/docs']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
  });
});
