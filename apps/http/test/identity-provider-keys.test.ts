import type { ServerResponse } from 'node:http';
import {
  seedUser,
  startTestKeyServer,
  testDatabaseTargets,
  type TestKeyServer,
} from '@accounts/adapters/testing';
import { FixedClock } from '@accounts/application/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logging.js';
import { startRealService, UNTHROTTLED, type RealService } from './real-service.js';
import { signJwt } from './support.js';

// decisions.md, "Meeting the identity provider", "Keys from the provider" and "Tokens meant for
// this service": the service behind a loopback identity provider (discovery and a key set, tokens
// signed with jose), through the composition root, on PGlite and on PostgreSQL. The cooldown is
// passed on the service's clock (a FixedClock the tests move), never waited for.

const AUDIENCE = 'accounts';
const COOLDOWN_MS = 30_000;
const ROUTE = '/api/auth/2fa';

type Provider = { keyServer: TestKeyServer; running: RealService; clock: FixedClock; logs: LogLine[] };
type LogLine = { level: number; msg: string } & Record<string, unknown>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The service behind its own key server (one RS256 key unless `keys` says otherwise). */
async function startBehindProvider(
  target: Awaited<ReturnType<typeof testDatabaseTargets>>[number],
  options: { env?: Record<string, string>; keyServer?: TestKeyServer } = {},
): Promise<Provider> {
  const keyServer = options.keyServer ?? (await startTestKeyServer());
  if (!options.keyServer) keyServer.addKey('RS256');
  const clock = new FixedClock(new Date());
  const logs: LogLine[] = [];
  const logger = createLogger({
    level: 'warn',
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  });
  const running = await startRealService(target, {
    env: {
      ...UNTHROTTLED,
      JWT_SECRET: '',
      OIDC_ISSUER: keyServer.issuer,
      JWT_AUDIENCE: AUDIENCE,
      ...options.env,
    },
    logger,
    clock,
  });
  return { keyServer, running, clock, logs };
}

async function stop(provider: Provider | undefined) {
  await provider?.running.close();
  await provider?.keyServer.close();
}

/** An access token for `sub` from the provider: iss, aud, an hour long; `header` adds to or overrides jose's. */
function tokenFrom(
  provider: Provider,
  sub: string,
  options: {
    key?: TestKeyServer['keys'][number];
    claims?: Record<string, unknown>;
    header?: Record<string, unknown>;
  } = {},
) {
  return provider.keyServer.sign(
    {
      sub,
      iss: provider.keyServer.issuer,
      aud: AUDIENCE,
      iat: nowSeconds(),
      exp: nowSeconds() + 3600,
      ...options.claims,
    },
    { ...(options.key ? { key: options.key } : {}), ...(options.header ? { header: options.header } : {}) },
  );
}

async function get(provider: Provider, token: string | null, url = ROUTE) {
  const response = await provider.running.service.app.inject({
    method: 'GET',
    url,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return {
    status: response.statusCode,
    body: response.json<Record<string, unknown>>(),
    headers: response.headers,
  };
}

/** Waits, with a deadline, until the service has read the provider's keys (readiness 200). */
async function untilReady(provider: Provider) {
  const deadline = Date.now() + 30_000;
  while ((await ready(provider)) !== 200) {
    if (Date.now() > deadline) throw new Error('the key set was not read within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ready = async (provider: Provider) =>
  (await provider.running.service.app.inject({ method: 'GET', url: '/readyz' })).statusCode;

const INVALID_TOKEN = {
  statusCode: 401,
  error: 'Unauthorized',
  code: 'INVALID_TOKEN',
  message: 'Invalid token',
};
const KEYS_UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  code: 'KEYS_UNAVAILABLE',
  message: 'Identity provider keys unavailable',
};

const targets = await testDatabaseTargets();

describe.each(targets)('behind an identity provider, on $label', (target) => {
  let provider: Provider;
  let userId: string;
  beforeAll(async () => {
    provider = await startBehindProvider(target);
    userId = (await seedUser(provider.running.service.database.db, {})).id;
    await untilReady(provider);
  });
  afterAll(() => stop(provider));
  afterEach(() => {
    provider.keyServer.fault = null;
    provider.keyServer.issuerInDiscovery = null;
  });

  /** Moves the service's clock past the cooldown, so that an unknown kid may re-read the set. */
  const pastCooldown = () => provider.clock.advance(COOLDOWN_MS);

  it('reads the keys by discovery and takes a token the provider signed', async () => {
    expect(provider.keyServer.reads.discovery).toBeGreaterThanOrEqual(1);
    const answer = await get(provider, await tokenFrom(provider, userId));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ twoFactorEnabled: false });
  });

  it.each(['RS256', 'PS256', 'ES256', 'EdDSA'] as const)('takes a %s key of the set', async (kind) => {
    const key = provider.keyServer.addKey(kind);
    pastCooldown();
    expect((await get(provider, await tokenFrom(provider, userId, { key }))).status).toBe(200);
    provider.keyServer.removeKey(key.kid!);
  });

  it('sees a rotation during traffic without a restart: the first token of the new key gets 200', async () => {
    const old = provider.keyServer.keys[0]!;
    const oldToken = await tokenFrom(provider, userId, { key: old });
    const traffic = { on: true };
    const statuses: number[] = [];
    // Requests with the old key until the new key's first one is answered (bounded; each lets I/O in).
    const during = (async () => {
      while (traffic.on && statuses.length < 2000) {
        statuses.push((await get(provider, oldToken)).status);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const rotated = provider.keyServer.addKey('RS256');
    pastCooldown();
    const reads = provider.keyServer.reads.jwks;
    const first = await get(provider, await tokenFrom(provider, userId, { key: rotated }));
    traffic.on = false;
    await during;
    expect(first.status).toBe(200);
    expect(provider.keyServer.reads.jwks).toBe(reads + 1);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('refuses a key removed from the set from the next re-read on', async () => {
    const leaving = provider.keyServer.addKey('ES256');
    pastCooldown();
    const token = await tokenFrom(provider, userId, { key: leaving });
    expect((await get(provider, token)).status).toBe(200);
    provider.keyServer.removeKey(leaving.kid!);
    expect((await get(provider, token)).status).toBe(200); // not read again yet
    pastCooldown();
    const unknown = await tokenFrom(provider, userId, { header: { kid: 'never-issued' } });
    expect((await get(provider, unknown)).body).toEqual(INVALID_TOKEN); // makes the re-read
    expect(await get(provider, token)).toMatchObject({ status: 401, body: INVALID_TOKEN });
  });

  it('keeps working through a provider outage: known keys 200, an unknown kid 401, ready, one warning', async () => {
    const known = await tokenFrom(provider, userId);
    provider.keyServer.fault = (_request, response) => {
      response.writeHead(503).end();
      return true;
    };
    const warnings = provider.logs.length;
    for (let i = 0; i < 3; i++) {
      pastCooldown();
      const unknown = await tokenFrom(provider, userId, { header: { kid: `unknown-${i}` } });
      expect((await get(provider, unknown)).body).toEqual(INVALID_TOKEN);
      expect((await get(provider, known)).status).toBe(200);
    }
    expect(await ready(provider)).toBe(200);
    const logged = provider.logs.slice(warnings);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      msg: 'Identity provider keys could not be read; the keys read before stay in use',
    });
    provider.keyServer.fault = null;
    pastCooldown();
    await get(provider, await tokenFrom(provider, userId, { header: { kid: 'after-the-outage' } }));
    expect(provider.logs.slice(warnings)).toHaveLength(1);
  });

  it('takes an issuer changed in discovery as a failed read, logged at error with both values', async () => {
    const known = await tokenFrom(provider, userId);
    const added = provider.keyServer.addKey('RS256');
    provider.keyServer.issuerInDiscovery = 'https://impostor.example';
    pastCooldown();
    const before = provider.logs.length;
    expect((await get(provider, await tokenFrom(provider, userId, { key: added }))).body).toEqual(
      INVALID_TOKEN,
    );
    expect(provider.logs.slice(before)).toEqual([
      expect.objectContaining({
        level: 50,
        expected: provider.keyServer.issuer,
        received: 'https://impostor.example',
      }),
    ]);
    expect((await get(provider, known)).status).toBe(200);
    provider.keyServer.removeKey(added.kid!);
  });

  it.each([
    [
      'a redirecting key set',
      (response: ServerResponse) => {
        response.writeHead(302, { location: '/jwks?again' }).end();
      },
    ],
    [
      'an oversized key set',
      (response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [], padding: 'x'.repeat(300 * 1024) }));
      },
    ],
  ])('takes nothing from %s, and keeps the keys it has', async (_name, answer) => {
    const known = await tokenFrom(provider, userId);
    const added = provider.keyServer.addKey('RS256');
    provider.keyServer.fault = (request, response) => {
      if (request.url?.startsWith('/jwks') !== true) return false;
      answer(response);
      return true;
    };
    pastCooldown();
    expect((await get(provider, await tokenFrom(provider, userId, { key: added }))).body).toEqual(
      INVALID_TOKEN,
    );
    expect((await get(provider, known)).status).toBe(200);
    provider.keyServer.removeKey(added.kid!);
  });

  it.each([
    ['use "enc"', () => provider.keyServer.addKey('RS256', { use: 'enc' })],
    ['an RSA modulus of 1024 bits', () => provider.keyServer.addKey('RSA-1024')],
    ["an alg other than the token's", () => provider.keyServer.addKey('RS256', { alg: 'PS256' })],
  ])('refuses a token signed with a key of %s', async (_name, add) => {
    const key = add();
    pastCooldown();
    expect((await get(provider, await tokenFrom(provider, userId, { key }))).body).toEqual(INVALID_TOKEN);
    provider.keyServer.removeKey(key.kid!);
  });

  it('takes a token without kid only when exactly one key of the set fits its alg', async () => {
    const lone = provider.keyServer.addKey('EdDSA', { kid: null });
    pastCooldown();
    await get(provider, await tokenFrom(provider, userId, { header: { kid: 'reread-now' } }));
    expect((await get(provider, await tokenFrom(provider, userId, { key: lone }))).status).toBe(200);
    // Every RSA key fits an RS256 token without kid: more than one, so none is chosen.
    const rsaWithoutKid = await tokenFrom(provider, userId, { header: { kid: undefined } });
    expect((await get(provider, rsaWithoutKid)).body).toEqual(INVALID_TOKEN);
    provider.keyServer.keys = provider.keyServer.keys.filter((key) => key !== lone);
  });

  it.each([
    ['another audience', { claims: { aud: 'another-client' } }],
    ['no audience', { claims: { aud: undefined } }],
    ['another issuer', { claims: { iss: 'https://impostor.example' } }],
    ['no issuer', { claims: { iss: undefined } }],
    [
      'an events claim (a logout token)',
      { claims: { events: { 'http://schemas.openid.net/event/backchannel-logout': {} } } },
    ],
    ['a nonce claim (an ID token)', { claims: { nonce: 'n-0S6_WzA2Mj' } }],
    ['typ logout+jwt', { header: { typ: 'logout+jwt' } }],
    ['typ secevent+jwt', { header: { typ: 'secevent+jwt' } }],
    ['typ dpop+jwt', { header: { typ: 'dpop+jwt' } }],
  ])('refuses a token with %s', async (_name, options) => {
    expect(await get(provider, await tokenFrom(provider, userId, options))).toMatchObject({
      status: 401,
      body: INVALID_TOKEN,
    });
  });

  it.each([['JWT'], ['at+jwt'], ['application/at+jwt'], ['AT+JWT']])('takes typ %s', async (typ) => {
    expect((await get(provider, await tokenFrom(provider, userId, { header: { typ } }))).status).toBe(200);
  });

  it('refuses alg none and an HS256 token whatever its key, without reading the set', async () => {
    pastCooldown();
    const reads = provider.keyServer.reads.jwks;
    const claims = { sub: userId, iss: provider.keyServer.issuer, aud: AUDIENCE, exp: nowSeconds() + 600 };
    const kid = provider.keyServer.keys[0]!.kid;
    for (const token of [
      signJwt(claims, { alg: 'none', header: { kid } }),
      signJwt(claims, { alg: 'HS256', header: { kid: 'made-up' } }),
    ]) {
      expect((await get(provider, token)).body).toEqual(INVALID_TOKEN);
    }
    expect(provider.keyServer.reads.jwks).toBe(reads);
  });

  it("takes the provider's operator tokens by their scope", async () => {
    const operator = await tokenFrom(provider, 'support-1', { claims: { scope: 'openid accounts:admin' } });
    expect((await get(provider, operator, `/api/admin/users/${userId}`)).status).toBe(200);
  });
});

describe.each(targets)('a flood of made-up kids, on $label', (target) => {
  let provider: Provider;
  beforeAll(async () => {
    provider = await startBehindProvider(target);
    await untilReady(provider);
  });
  afterAll(() => stop(provider));

  it('makes at most 2 reads of the key set per instance, and every token gets 401', async () => {
    const userId = (await seedUser(provider.running.service.database.db, {})).id;
    provider.clock.advance(COOLDOWN_MS);
    const tokens = await Promise.all(
      Array.from({ length: 200 }, (_, i) => tokenFrom(provider, userId, { header: { kid: `made-up-${i}` } })),
    );
    const answers = await Promise.all(tokens.map((token) => get(provider, token)));
    expect(answers.every((answer) => answer.status === 401 && answer.body.code === 'INVALID_TOKEN')).toBe(
      true,
    );
    expect(provider.keyServer.reads.jwks).toBeLessThanOrEqual(2);
    const again = await Promise.all(tokens.map((token) => get(provider, token)));
    expect(again.every((answer) => answer.status === 401)).toBe(true);
    expect(provider.keyServer.reads.jwks).toBeLessThanOrEqual(2);
  });
});

describe.each(targets)('the provider down at the start, on $label', (target) => {
  let provider: Provider;
  beforeAll(async () => {
    const keyServer = await startTestKeyServer();
    keyServer.addKey('RS256');
    keyServer.fault = (request) => {
      request.socket.destroy();
      return true;
    };
    provider = await startBehindProvider(target, { keyServer });
  });
  afterAll(() => stop(provider));

  it('answers token routes 503 KEYS_UNAVAILABLE and /readyz 503 until the first read, then serves', async () => {
    const userId = (await seedUser(provider.running.service.database.db, {})).id;
    const token = await tokenFrom(provider, userId);
    const unavailable = await get(provider, token);
    expect(unavailable).toMatchObject({
      status: 503,
      body: KEYS_UNAVAILABLE,
      headers: { 'retry-after': '5' },
    });
    expect(
      (
        await get(
          provider,
          await tokenFrom(provider, 'support-1', { claims: { scope: 'accounts:admin' } }),
          `/api/admin/users/${userId}`,
        )
      ).body,
    ).toEqual(KEYS_UNAVAILABLE);
    expect(await ready(provider)).toBe(503);
    // A request without a token answers 401 before the first read as after.
    expect((await get(provider, null)).body.code).toBe('MISSING_TOKEN');

    provider.keyServer.fault = null;
    await expect.poll(() => ready(provider), { timeout: 30_000, interval: 200 }).toBe(200);
    expect((await get(provider, token)).status).toBe(200);
  });
});
