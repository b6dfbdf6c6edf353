import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JwtConfig } from '../src/config/service-config.js';
import { bearer, createTestApp, nowSeconds, PASSWORD, signJwt, TEST_SECRET, tokenFor } from './support.js';

const URL = '/api/user/custom-domain';

async function statusWith(token: string, jwt?: Partial<JwtConfig>) {
  const base = {
    key: { kind: 'secret' as const, secret: TEST_SECRET, algorithms: ['HS256'] as ['HS256'] },
    issuer: null,
    audience: null,
  };
  const t = await createTestApp({ config: { jwt: { ...base, ...jwt } } });
  t.addUser({ id: 'user-a' });
  const response = await t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const claims = (extra: Record<string, unknown> = {}) => ({
  sub: 'user-a',
  iat: nowSeconds(),
  exp: nowSeconds() + 600,
  ...extra,
});

function pem(key: KeyObject) {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

describe('bearer token', () => {
  it('accepts a valid HS256 token', async () => {
    expect((await statusWith(tokenFor('user-a'))).status).toBe(200);
  });

  it.each([
    ['without a token', {}, 'MISSING_TOKEN'],
    ['with a header that is not "Bearer <token>"', { authorization: 'Basic abc' }, 'MISSING_TOKEN'],
    ['with garbage for a token', { authorization: 'Bearer not.a.jwt' }, 'INVALID_TOKEN'],
  ])('answers 401 %s', async (_name, headers, code) => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: URL, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code,
      message: expect.any(String) as string,
    });
  });

  it('answers 401 TOKEN_EXPIRED to an expired token, so that a client knows to refresh it', async () => {
    const { status, body } = await statusWith(signJwt(claims({ exp: nowSeconds() - 120 })));
    expect(status).toBe(401);
    expect(body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'TOKEN_EXPIRED',
      message: 'Token has expired',
    });
  });

  it('answers INVALID_TOKEN, not TOKEN_EXPIRED, to an expired token with a bad signature', async () => {
    const forged = signJwt(claims({ exp: nowSeconds() - 120 }), {
      key: 'another-secret-of-at-least-32-bytes!!',
    });
    expect((await statusWith(forged)).body.code).toBe('INVALID_TOKEN');
  });

  it.each([
    ['alg none', () => signJwt(claims(), { alg: 'none' })],
    ['a wrong secret', () => signJwt(claims(), { key: 'another-secret-of-at-least-32-bytes!!' })],
    ['no exp', () => signJwt({ sub: 'user-a', iat: nowSeconds() })],
    ['a non-numeric exp', () => signJwt(claims({ exp: 'tomorrow' }))],
    ['nbf in the future', () => signJwt(claims({ nbf: nowSeconds() + 300 }))],
    ['no sub', () => signJwt({ iat: nowSeconds(), exp: nowSeconds() + 600 })],
    ['a numeric sub', () => signJwt(claims({ sub: 42 }))],
    ['an empty sub', () => signJwt(claims({ sub: '' }))],
    [
      'a tampered payload',
      () => {
        const [header, , signature] = tokenFor('user-a').split('.');
        const payload = Buffer.from(JSON.stringify(claims({ sub: 'admin' }))).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
  ])('refuses %s as INVALID_TOKEN', async (_name, make) => {
    const { status, body } = await statusWith(make());
    expect(status).toBe(401);
    expect(body.code).toBe('INVALID_TOKEN');
  });

  it('allows 30 s of clock skew on exp and nbf', async () => {
    expect((await statusWith(signJwt(claims({ exp: nowSeconds() - 10 })))).status).toBe(200);
    expect((await statusWith(signJwt(claims({ nbf: nowSeconds() + 10 })))).status).toBe(200);
  });

  describe('verification over time', () => {
    afterEach(() => vi.useRealTimers());

    it('never remembers a refusal: a token refused as not yet valid passes once it is', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const t = await createTestApp();
      t.addUser({ id: 'user-a' });
      const start = nowSeconds();
      const token = signJwt(claims({ nbf: start + 40 }));
      const request = () => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });

      expect((await request()).statusCode).toBe(401);
      vi.setSystemTime((start + 11) * 1000); // nbf is now within the 30 s tolerance
      expect((await request()).statusCode).toBe(200);
    });

    it('lets a token that passed expire: TOKEN_EXPIRED once exp and the tolerance have passed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const t = await createTestApp();
      t.addUser({ id: 'user-a' });
      const start = nowSeconds();
      const token = signJwt(claims({ exp: start + 60 }));
      const request = () => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });

      expect((await request()).statusCode).toBe(200);
      vi.setSystemTime((start + 60 + 29) * 1000); // within the 30 s tolerance: still served
      expect((await request()).statusCode).toBe(200);
      vi.setSystemTime((start + 60 + 31) * 1000);
      const expired = await request();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    });

    it('checks every other text in full: a token that passed does not vouch for a changed copy', async () => {
      const t = await createTestApp();
      t.addUser({ id: 'user-a' });
      t.addUser({ id: 'admin' });
      const token = tokenFor('user-a');
      const [header, payload, signature = ''] = token.split('.');
      const request = (value: string) => t.app.inject({ method: 'GET', url: URL, headers: bearer(value) });
      expect((await request(token)).statusCode).toBe(200);

      const forgedPayload = Buffer.from(JSON.stringify(claims({ sub: 'admin' }))).toString('base64url');
      const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
      for (const changed of [
        `${header}.${forgedPayload}.${signature}`,
        `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.slice(-1)}`,
      ]) {
        const response = await request(changed);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      }
      expect((await request(token)).statusCode).toBe(200);
    });
  });

  it('enforces JWT_ISSUER and JWT_AUDIENCE when set', async () => {
    const jwt = { issuer: 'https://id.example', audience: 'accounts' };
    expect(
      (await statusWith(signJwt(claims({ iss: 'https://id.example', aud: 'accounts' })), jwt)).status,
    ).toBe(200);
    expect(
      (await statusWith(signJwt(claims({ iss: 'https://evil.example', aud: 'accounts' })), jwt)).status,
    ).toBe(401);
    expect((await statusWith(signJwt(claims({ iss: 'https://id.example', aud: 'other' })), jwt)).status).toBe(
      401,
    );
    expect((await statusWith(signJwt(claims({ aud: 'accounts' })), jwt)).status).toBe(401);
    expect((await statusWith(signJwt(claims({ iss: 'https://id.example' })), jwt)).status).toBe(401);
  });

  describe('with a public key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const ed = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

    it.each([
      ['RS256', rsa, 'RS256'],
      ['ES256', ec, 'ES256'],
      ['EdDSA', ed, 'EdDSA'],
    ] as const)('accepts %s tokens for a matching key', async (_name, pair, alg) => {
      const jwt = {
        key: {
          kind: 'public-key' as const,
          publicKey: pem(pair.publicKey),
          algorithms: [alg] as [typeof alg],
        },
      };
      expect((await statusWith(signJwt(claims(), { alg, key: pair.privateKey }), jwt)).status).toBe(200);
    });

    const rsaJwt = {
      key: { kind: 'public-key' as const, publicKey: pem(rsa.publicKey), algorithms: ['RS256'] as ['RS256'] },
    };

    it('refuses an HS256 token signed with the public key as the HMAC secret (key confusion)', async () => {
      const forged = signJwt(claims(), { alg: 'HS256', key: pem(rsa.publicKey) });
      expect((await statusWith(forged, rsaJwt)).status).toBe(401);
    });

    it('refuses an HS256 token signed with any secret', async () => {
      expect((await statusWith(tokenFor('user-a'), rsaJwt)).status).toBe(401);
    });

    it('refuses a token signed by another key', async () => {
      expect(
        (await statusWith(signJwt(claims(), { alg: 'RS256', key: other.privateKey }), rsaJwt)).status,
      ).toBe(401);
    });

    it('refuses alg none', async () => {
      expect((await statusWith(signJwt(claims(), { alg: 'none' }), rsaJwt)).status).toBe(401);
    });

    it('refuses a token of another algorithm than the key allows', async () => {
      expect((await statusWith(signJwt(claims(), { alg: 'ES256', key: ec.privateKey }), rsaJwt)).status).toBe(
        401,
      );
    });
  });
});

describe('disabled and banned accounts', () => {
  const operations = [
    ['POST', '/api/auth/2fa', { enable: true }],
    ['GET', '/api/user/custom-domain', undefined],
    ['POST', '/api/user/custom-domain', { domain: 'example.com' }],
    ['DELETE', '/api/user/custom-domain', undefined],
    ['POST', '/api/auth/disable-account', { password: PASSWORD }],
    ['POST', '/api/auth/ban-account', { password: PASSWORD }],
    ['GET', '/api/billing/portal', undefined],
  ] as const;

  describe.each([
    { flag: 'disabled', code: 'ACCOUNT_DISABLED', message: 'Account is disabled' },
    { flag: 'banned', code: 'ACCOUNT_BANNED', message: 'Account is banned' },
  ] as const)('a $flag account', ({ flag, code, message }) => {
    it.each(operations)(`gets 401 ${message} on %s %s`, async (method, url, payload) => {
      const t = await createTestApp();
      const user = t.addUser({ [flag]: true });
      const response = await t.app.inject({
        method,
        url,
        headers: t.auth(user.id),
        ...(payload ? { payload } : {}),
      });
      expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', code, message });
    });
  });

  it.each([
    {
      flag: 'disabled',
      refused: { url: '/api/auth/ban-account', code: 'ACCOUNT_DISABLED' },
      allowed: { url: '/api/auth/disable-account', message: 'Account enabled successfully' },
    },
    {
      flag: 'banned',
      refused: { url: '/api/auth/disable-account', code: 'ACCOUNT_BANNED' },
      allowed: { url: '/api/auth/ban-account', message: 'Account unbanned successfully' },
    },
  ] as const)(
    'a $flag account may lift that flag itself but not the other',
    async ({ flag, refused, allowed }) => {
      const t = await createTestApp();
      const user = t.addUser({ [flag]: true });
      const lift = (url: string) =>
        t.app.inject({ method: 'DELETE', url, headers: t.auth(user.id), payload: { password: PASSWORD } });
      expect((await lift(refused.url)).json()).toMatchObject({ code: refused.code });
      expect((await lift(allowed.url)).json()).toEqual({ success: true, message: allowed.message });
    },
  );

  it.each([{ disabled: true }, { banned: true }, { disabled: true, banned: true }])(
    'an account %o may delete itself',
    async (flags) => {
      const t = await createTestApp();
      const user = t.addUser(flags);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/delete-account',
        headers: t.auth(user.id),
        payload: { password: PASSWORD },
      });
      expect(response.json()).toEqual({ success: true, message: 'Account deleted successfully' });
    },
  );

  it('a disable takes effect on the next request', async () => {
    const t = await createTestApp();
    const user = t.addUser();
    const headers = t.auth(user.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/disable-account',
      headers,
      payload: { password: PASSWORD },
    });
    const next = await t.app.inject({ method: 'GET', url: URL, headers });
    expect(next.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });
});
