import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccounts, type Accounts } from '@accounts/adapters';
import { createTestDatabase, startTestKeyServer, type TestKeyServer } from '@accounts/adapters/testing';
import { createUseCases } from '@accounts/application';
import { createTestPorts, seedUser } from '@accounts/application/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../src/app.js';
import { createService } from '../src/composition-root.js';
import { loadCliConfig, loadConfig } from '../src/config/load-config.js';
import type { JwtConfig } from '../src/config/service-config.js';
import { createLogger } from '../src/observability/logging.js';
import { runCommand } from './cli/run-command.js';
import { configRefusal } from './config-refusal.js';
import { reusedSerializers } from './reused-serializers.js';
import { bearer, createTestApp, nowSeconds, signJwt, TEST_SECRET } from './support.js';

// decisions.md, "Meeting the identity provider": the settings' rules at start, dev mode, the CLI,
// the embedding factory and the plugin with a key set; and "Tokens meant for this service" for
// every kind of key (here the HS256 secret of the in-memory test app).

const ISSUER = 'https://idp.example/realms/accounts';
const provider = { OIDC_ISSUER: ISSUER, JWT_AUDIENCE: 'accounts' };

describe('the key set settings at start', () => {
  it('reads OIDC_ISSUER with its defaults: not dev mode, the issuer checked', () => {
    const config = loadConfig(provider);
    expect(config.devMode).toBe(false);
    expect(config.databaseUrl).toBeNull();
    // The key set's part of the settings (step-up, DPoP and logout tokens have their own tests).
    expect(config.jwt).toMatchObject({
      key: null,
      keySet: {
        issuer: ISSUER,
        jwksUrl: null,
        algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        timeoutMs: 5000,
        maxAgeSeconds: 600,
        cooldownSeconds: 30,
      },
      issuer: ISSUER,
      audience: 'accounts',
      requireAtJwt: false,
    });
  });

  it('reads JWT_JWKS_URL with JWT_ISSUER, and every key set setting', () => {
    const config = loadConfig({
      JWT_JWKS_URL: 'http://127.0.0.1:8080/jwks',
      JWT_ISSUER: 'https://issuer.example',
      JWT_AUDIENCE: 'accounts',
      JWT_ALGORITHMS: 'ES256, EdDSA',
      JWT_REQUIRE_AT_JWT: 'true',
      JWKS_TIMEOUT_MS: '2000',
      JWKS_MAX_AGE_S: '60',
      JWKS_COOLDOWN_S: '10',
    });
    expect(config.jwt).toMatchObject({
      keySet: {
        issuer: 'https://issuer.example',
        jwksUrl: 'http://127.0.0.1:8080/jwks',
        algorithms: ['ES256', 'EdDSA'],
        timeoutMs: 2000,
        maxAgeSeconds: 60,
        cooldownSeconds: 10,
      },
      issuer: 'https://issuer.example',
      requireAtJwt: true,
    });
  });

  it.each([
    [
      'OIDC_ISSUER with JWT_SECRET',
      { ...provider, JWT_SECRET: TEST_SECRET },
      'OIDC_ISSUER and JWT_SECRET are both set',
    ],
    [
      'JWT_JWKS_URL with JWT_PUBLIC_KEY',
      {
        JWT_JWKS_URL: 'https://idp.example/jwks',
        JWT_ISSUER: ISSUER,
        JWT_AUDIENCE: 'a',
        JWT_PUBLIC_KEY: generateKeyPairSync('ed25519')
          .publicKey.export({ type: 'spki', format: 'pem' })
          .toString(),
      },
      'JWT_JWKS_URL and JWT_PUBLIC_KEY are both set',
    ],
    [
      'OIDC_ISSUER with JWT_JWKS_URL',
      { ...provider, JWT_JWKS_URL: 'https://idp.example/jwks' },
      'OIDC_ISSUER and JWT_JWKS_URL are both set',
    ],
    [
      'OIDC_ISSUER with a different JWT_ISSUER',
      { ...provider, JWT_ISSUER: 'https://other.example' },
      'JWT_ISSUER ("https://other.example") differs from OIDC_ISSUER',
    ],
    [
      'JWT_JWKS_URL without JWT_ISSUER',
      { JWT_JWKS_URL: 'https://idp.example/jwks', JWT_AUDIENCE: 'a' },
      'JWT_ISSUER is required with JWT_JWKS_URL',
    ],
    [
      'OIDC_ISSUER without JWT_AUDIENCE',
      { OIDC_ISSUER: ISSUER },
      'JWT_AUDIENCE is required with OIDC_ISSUER',
    ],
    [
      'JWT_JWKS_URL without JWT_AUDIENCE',
      { JWT_JWKS_URL: 'https://idp.example/jwks', JWT_ISSUER: ISSUER },
      'JWT_AUDIENCE is required with JWT_JWKS_URL',
    ],
    [
      'an http issuer on another host',
      { ...provider, OIDC_ISSUER: 'http://idp.example' },
      'OIDC_ISSUER must be an `https://` URL (`http://` on a loopback host only), got "http://idp.example"',
    ],
    [
      'an http key set URL on another host',
      { JWT_JWKS_URL: 'http://10.0.0.1/jwks', JWT_ISSUER: ISSUER, JWT_AUDIENCE: 'a' },
      'JWT_JWKS_URL must be an `https://` URL',
    ],
    [
      'HS256 among the algorithms',
      { ...provider, JWT_ALGORITHMS: 'RS256,HS256' },
      'JWT_ALGORITHMS holds "HS256"',
    ],
    ['none among the algorithms', { ...provider, JWT_ALGORITHMS: 'none' }, 'JWT_ALGORITHMS holds "none"'],
    [
      'DATABASE_URL without any key',
      { DATABASE_URL: 'postgres://u@localhost/db' },
      'JWT_SECRET or JWT_PUBLIC_KEY, OIDC_ISSUER or JWT_JWKS_URL is required when DATABASE_URL is set',
    ],
  ])('stops on %s, naming the settings', (_name, env, message) => {
    expect(configRefusal(env).message).toContain(message);
  });

  it('takes OIDC_ISSUER with the same JWT_ISSUER', () => {
    expect(loadConfig({ ...provider, JWT_ISSUER: ISSUER }).jwt.issuer).toBe(ISSUER);
  });

  it('is not dev mode for the CLI either, and the CLI applies the same rules', () => {
    expect(loadCliConfig(provider)).toMatchObject({ devMode: false, jwt: { keySet: true, secret: null } });
    expect(() => loadCliConfig({ OIDC_ISSUER: ISSUER })).toThrow('JWT_AUDIENCE is required with OIDC_ISSUER');
  });
});

describe('tokens mint with a key set', () => {
  it('exits 2 saying that tokens come from the provider', async () => {
    const run = await runCommand(['tokens', 'mint', '--user-id', 'u-1'], { env: provider });
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(run.stderr).toContain('tokens come from the identity provider');
  });
});

describe('a start with a key set and no DATABASE_URL', () => {
  it('seeds nothing, prints no token and makes no dev secret', async () => {
    const secretFile = join(mkdtempSync(join(tmpdir(), 'accounts-')), 'dev-jwt-secret');
    const database = await createTestDatabase();
    const service = await createService(loadConfig({ ...provider, JWKS_TIMEOUT_MS: '1' }), {
      logger: createLogger({ level: 'silent' }),
      serializers: reusedSerializers,
      devJwtSecretFile: secretFile,
      database,
    });
    try {
      expect(service.devLogin).toBeNull();
      expect(existsSync(secretFile)).toBe(false);
      const users = await database.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
    } finally {
      await service.app.close();
    }
  });
});

describe('the embedding surfaces with a key set', () => {
  let keyServer: TestKeyServer;
  let accounts: Accounts;
  beforeAll(async () => {
    keyServer = await startTestKeyServer();
    keyServer.addKey('ES256');
    accounts = await createAccounts({
      databaseUrl: 'pglite://memory',
      totp: { issuer: 'Test' },
      background: false,
      identityProvider: { issuer: keyServer.issuer, audience: 'accounts' },
    });
  });
  afterAll(async () => {
    await accounts.close();
    await keyServer.close();
  });

  it("createAccounts reads the provider's keys and hands the plugin its jwt option", async () => {
    const ann = await accounts.createUser({ email: 'ann@example.com', password: null });
    if (!ann.ok) throw new Error('not created');
    const host = Fastify();
    await host.register(accountsApi, {
      prefix: '/accounts',
      useCases: accounts.useCases,
      jwt: accounts.jwt!,
    });
    const token = await keyServer.sign({
      sub: ann.value.id,
      iss: keyServer.issuer,
      aud: 'accounts',
      exp: nowSeconds() + 600,
    });
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      const answer = await host.inject({
        method: 'GET',
        url: '/accounts/api/auth/2fa',
        headers: bearer(token),
      });
      status = answer.statusCode;
      if (status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      else expect(status).toBe(200);
    }
    expect(status).toBe(200);
    await host.close();
  });

  it('createAccounts refuses an identity provider without an audience', async () => {
    await expect(
      createAccounts({
        databaseUrl: 'pglite://memory',
        totp: { issuer: 'Test' },
        identityProvider: { issuer: keyServer.issuer, audience: null as unknown as string },
      }),
    ).rejects.toThrow('identityProvider.audience is required');
  });

  it.each([
    ['a null audience', { audience: null }, 'jwt.audience is required with a key set'],
    ['another issuer', { issuer: 'https://other.example' }, "jwt.issuer must be the key set's issuer"],
    ['a null issuer', { issuer: null }, "jwt.issuer must be the key set's issuer"],
  ])('the plugin refuses a key set with %s', async (_name, override, message) => {
    const host = Fastify();
    const jwt: JwtConfig = { ...accounts.jwt!, ...override };
    await expect(
      host.register(accountsApi, { useCases: createUseCases(createTestPorts()), jwt }).ready(),
    ).rejects.toThrow(message);
    await host.close();
  });
});

describe('tokens meant for this service, with a static key', () => {
  const claims = (extra: Record<string, unknown> = {}) => ({
    sub: 'user-a',
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
    ...extra,
  });

  async function status(token: string, requireAtJwt = false) {
    const t = await createTestApp({
      config: {
        jwt: {
          key: { kind: 'secret', secret: TEST_SECRET, algorithms: ['HS256'] },
          issuer: null,
          audience: null,
          requireAtJwt,
        },
      },
    });
    seedUser(t.ports.db, { id: 'user-a' });
    const answer = await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: bearer(token) });
    return { status: answer.statusCode, code: answer.json<{ code?: string }>().code };
  }

  it.each([
    [
      'an events claim',
      signJwt(claims({ events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })),
    ],
    ['a nonce claim', signJwt(claims({ nonce: 'abc' }))],
    ['typ logout+jwt', signJwt(claims(), { header: { typ: 'logout+jwt' } })],
    [
      'typ logout+jwt and an events claim',
      signJwt(claims({ events: {} }), { header: { typ: 'logout+jwt' } }),
    ],
    ['typ application/jwt', signJwt(claims(), { header: { typ: 'application/jwt' } })],
    ['a typ that is no string', signJwt(claims(), { header: { typ: 1 } })],
    ['an events claim, expired', signJwt(claims({ events: {}, exp: nowSeconds() - 120 }))],
    [
      'typ logout+jwt, expired',
      signJwt(claims({ exp: nowSeconds() - 120 }), { header: { typ: 'logout+jwt' } }),
    ],
  ])('refuses a token with %s as INVALID_TOKEN', async (_name, token) => {
    expect(await status(token)).toEqual({ status: 401, code: 'INVALID_TOKEN' });
  });

  it.each([['JWT'], ['jwt'], ['at+jwt'], ['application/at+jwt'], ['Application/AT+JWT'], [undefined]])(
    'takes typ %s by default',
    async (typ) => {
      expect((await status(signJwt(claims(), { header: { typ } }))).status).toBe(200);
    },
  );

  it.each([
    ['at+jwt', 200],
    ['application/at+jwt', 200],
    ['AT+JWT', 200],
    ['JWT', 401],
    [undefined, 401],
  ])('with JWT_REQUIRE_AT_JWT, typ %s answers %s', async (typ, expected) => {
    expect((await status(signJwt(claims(), { header: { typ } }), true)).status).toBe(expected);
  });
});
