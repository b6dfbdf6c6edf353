import { randomUUID } from 'node:crypto';
import {
  seedUser,
  startTestKeyServer,
  testDatabaseTargets,
  type TestKeyServer,
} from '@accounts/adapters/testing';
import { BACKCHANNEL_LOGOUT_EVENT } from '@accounts/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { ConfigError } from '../src/config/config-error.js';
import { createLogger } from '../src/observability/logging.js';
import { auditRecords, startRealService, TEST_ARGON2, type RealService } from './real-service.js';

// decisions.md, "Meeting the identity provider", "The provider's sign-outs": the service behind a
// loopback identity provider (startTestKeyServer), its logout tokens and access tokens signed
// with the keys the service reads, through the composition root, on PGlite and on PostgreSQL.

const AUDIENCE = 'accounts';
const CLIENTS = 'web-app,mobile-app';
const LOGOUT = '/api/idp/backchannel-logout';
const ROUTE = '/api/auth/2fa';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Each request from an address of its own, so that no test spends another's route budget. */
let addresses = 0;
const nextAddress = () => `10.1.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const providerEnv = (keyServer: TestKeyServer) => ({
  JWT_SECRET: '',
  OIDC_ISSUER: keyServer.issuer,
  JWT_AUDIENCE: AUDIENCE,
  OIDC_LOGOUT_AUDIENCE: CLIENTS,
  // A small budget: the logout route must not spend it.
  RATE_LIMIT_MAX: '5',
  AUTH_MAX_FAILURES: '1000',
});

/** Waits, with a deadline, until the service has read the provider's keys (readiness 200). */
async function untilReady(app: Service['app']) {
  const deadline = Date.now() + 30_000;
  while ((await app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
    if (Date.now() > deadline) throw new Error('the key set was not read within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A logout token as the provider sends it; `claims` add to or override (undefined removes) the usual ones. */
function logoutToken(
  keyServer: TestKeyServer,
  claims: Record<string, unknown>,
  options: { header?: Record<string, unknown>; key?: TestKeyServer['keys'][number] } = {},
) {
  const all = Object.fromEntries(
    Object.entries<unknown>({
      iss: keyServer.issuer,
      aud: 'web-app',
      iat: nowSeconds(),
      exp: nowSeconds() + 120,
      jti: randomUUID(),
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
      ...claims,
    }).filter(([, value]) => value !== undefined),
  );
  return keyServer.sign(all, {
    header: { typ: 'logout+jwt', ...options.header },
    ...(options.key ? { key: options.key } : {}),
  });
}

/** An access token for `sub` with `claims` (a `sid`, a `jti`, an `iat`…). */
function accessToken(keyServer: TestKeyServer, sub: string, claims: Record<string, unknown> = {}) {
  return keyServer.sign({
    sub,
    iss: keyServer.issuer,
    aud: AUDIENCE,
    iat: nowSeconds(),
    exp: nowSeconds() + 3600,
    ...claims,
  });
}

async function sendLogout(app: Service['app'], body: string, headers: Record<string, string> = FORM) {
  const response = await app.inject({
    method: 'POST',
    url: LOGOUT,
    headers,
    payload: body,
    remoteAddress: '10.200.0.1',
  });
  return {
    status: response.statusCode,
    body: response.json<Record<string, unknown>>(),
    cacheControl: response.headers['cache-control'],
  };
}

const logout = (app: Service['app'], token: string) =>
  sendLogout(app, new URLSearchParams({ logout_token: token }).toString());

/** The status and code of a user route called with `token`. */
async function use(app: Service['app'], token: string) {
  const response = await app.inject({
    method: 'GET',
    url: ROUTE,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: nextAddress(),
  });
  return { status: response.statusCode, code: response.json<{ code?: string }>().code };
}

const OK = { status: 200, code: undefined };
const REVOKED = { status: 401, code: 'SESSION_REVOKED' };

const refusedSids = (service: Service) =>
  service.database.db.selectFrom('refused_sids').select(['sid', 'sub']).orderBy('sid').execute();

const targets = await testDatabaseTargets();

describe.each(targets)("the provider's back-channel logout on $label", (target) => {
  let keyServer: TestKeyServer;
  let running: RealService;
  let app: Service['app'];
  let service: Service;

  beforeAll(async () => {
    keyServer = await startTestKeyServer();
    keyServer.addKey('RS256');
    running = await startRealService(target, { env: providerEnv(keyServer) });
    service = running.service;
    app = service.app;
    await untilReady(app);
  });
  afterAll(async () => {
    await running.close();
    await keyServer.close();
  });

  const newUser = async () => (await seedUser(service.database.db, {})).id;

  it('with sid: revokes every live session carrying it, on every account, audited by the provider', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const sid = `sid-${randomUUID()}`;
    const adaToken = await accessToken(keyServer, ada, { sid });
    const bobToken = await accessToken(keyServer, bob, { sid });
    const adaOther = await accessToken(keyServer, ada, { sid: `other-${randomUUID()}` });
    for (const token of [adaToken, bobToken, adaOther]) expect(await use(app, token)).toEqual(OK);

    const answer = await logout(app, await logoutToken(keyServer, { sid }));
    expect(answer).toEqual({ status: 200, body: { success: true, revoked: 2 }, cacheControl: 'no-store' });
    expect(await use(app, adaToken)).toEqual(REVOKED);
    expect(await use(app, bobToken)).toEqual(REVOKED);
    expect(await use(app, adaOther)).toEqual(OK);
    const [session] = await service.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ada)
      .where('sid', '=', sid)
      .execute();
    expect(await auditRecords(service.database.db, ada, 'SESSION_REVOKE')).toEqual([
      { event: 'SESSION_REVOKE', details: { sessionId: session?.id, initiator: 'idp' } },
    ]);
  });

  it("with sid and sub: only that account's sessions", async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const sid = `sid-${randomUUID()}`;
    const adaToken = await accessToken(keyServer, ada, { sid });
    const bobToken = await accessToken(keyServer, bob, { sid });
    for (const token of [adaToken, bobToken]) expect(await use(app, token)).toEqual(OK);

    expect((await logout(app, await logoutToken(keyServer, { sid, sub: ada }))).body).toEqual({
      success: true,
      revoked: 1,
    });
    expect(await use(app, adaToken)).toEqual(REVOKED);
    expect(await use(app, bobToken)).toEqual(OK);
  });

  it('keeps a sid no session carried refused: its first token is 401, audited nowhere; with sub, for that account only', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const anywhere = `unseen-${randomUUID()}`;
    const adaOnly = `unseen-${randomUUID()}`;
    expect((await logout(app, await logoutToken(keyServer, { sid: anywhere }))).body).toEqual({
      success: true,
      revoked: 0,
    });
    expect((await logout(app, await logoutToken(keyServer, { sid: adaOnly, sub: ada }))).body).toEqual({
      success: true,
      revoked: 0,
    });
    expect((await refusedSids(service)).filter((row) => row.sid.startsWith('unseen-'))).toEqual(
      expect.arrayContaining([
        { sid: anywhere, sub: null },
        { sid: adaOnly, sub: ada },
      ]),
    );

    const adaToken = await accessToken(keyServer, ada, { sid: anywhere });
    expect(await use(app, adaToken)).toEqual(REVOKED);
    expect(await use(app, adaToken)).toEqual(REVOKED);
    expect(await use(app, await accessToken(keyServer, bob, { sid: anywhere }))).toEqual(REVOKED);
    expect(await use(app, await accessToken(keyServer, ada, { sid: adaOnly }))).toEqual(REVOKED);
    expect(await use(app, await accessToken(keyServer, bob, { sid: adaOnly }))).toEqual(OK);
    expect(await auditRecords(service.database.db, ada, 'SESSION_REVOKE')).toEqual([]);
  });

  it('with sid and sub, when none of the live sessions of that account carries a sid: signs the account out as sub alone', async () => {
    const ada = await newUser();
    const tokens = [
      await accessToken(keyServer, ada, { jti: randomUUID() }),
      await accessToken(keyServer, ada, { jti: randomUUID() }),
    ];
    for (const token of tokens) expect(await use(app, token)).toEqual(OK);

    const answer = await logout(app, await logoutToken(keyServer, { sid: `sid-${randomUUID()}`, sub: ada }));
    expect(answer.body).toEqual({ success: true, revoked: 2 });
    for (const token of tokens) expect(await use(app, token)).toEqual(REVOKED);
    expect(await auditRecords(service.database.db, ada, 'SESSIONS_REVOKE')).toEqual([
      { event: 'SESSIONS_REVOKE', details: { scope: 'all', count: 2, initiator: 'idp' } },
    ]);
  });

  it('with sub alone: refuses every token issued up to the later of now and its iat; a later one is accepted', async () => {
    const ada = await newUser();
    const ahead = nowSeconds() + 20;
    const before = await accessToken(keyServer, ada, { jti: randomUUID(), iat: ahead });
    expect(await use(app, before)).toEqual(OK);

    expect((await logout(app, await logoutToken(keyServer, { sub: ada, iat: ahead }))).body).toEqual({
      success: true,
      revoked: 1,
    });
    expect(await use(app, before)).toEqual(REVOKED);
    expect(await use(app, await accessToken(keyServer, ada, { jti: randomUUID(), iat: ahead + 1 }))).toEqual(
      OK,
    );
  });

  it('with an unknown sub: 200, revoked 0, nothing stored', async () => {
    const sids = await refusedSids(service);
    expect((await logout(app, await logoutToken(keyServer, { sub: `nobody-${randomUUID()}` }))).body).toEqual(
      {
        success: true,
        revoked: 0,
      },
    );
    expect(await refusedSids(service)).toEqual(sids);
  });

  it('takes typ JWT and no typ, in any case', async () => {
    for (const typ of ['JWT', 'Logout+JWT', undefined]) {
      const token = await logoutToken(keyServer, { sub: `nobody-${randomUUID()}` }, { header: { typ } });
      expect((await logout(app, token)).status).toBe(200);
    }
  });

  it('refuses a logout token used before, on the same instance', async () => {
    const token = await logoutToken(keyServer, { sub: `nobody-${randomUUID()}` });
    expect((await logout(app, token)).status).toBe(200);
    expect(await logout(app, token)).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'The logout token was used before',
        code: 'INVALID_LOGOUT_TOKEN',
      },
      cacheControl: 'no-store',
    });
  });

  const now = nowSeconds();
  it.each([
    ['a typ other than logout+jwt or JWT', {}, { typ: 'at+jwt' }],
    ['another issuer', { iss: 'https://other.example' }, {}],
    ['an audience of none of the clients', { aud: AUDIENCE }, {}],
    ['no iat', { iat: undefined }, {}],
    ['an iat more than 30 s ahead', { iat: now + 3600 }, {}],
    ['an iat older than LOGOUT_TOKEN_MAX_AGE_S', { iat: now - 400 }, {}],
    ['no exp', { exp: undefined }, {}],
    ['an exp past the tolerance', { exp: now - 3600 }, {}],
    ['no jti', { jti: undefined }, {}],
    ['no events', { events: undefined }, {}],
    ['events without the back-channel logout member', { events: { 'urn:other': {} } }, {}],
    ['an events member that is no object', { events: { [BACKCHANNEL_LOGOUT_EVENT]: true } }, {}],
    ['neither sub nor sid', {}, {}],
    ['a nonce', { nonce: 'n-1' }, {}],
  ] as const)('refuses a logout token with %s, and changes nothing', async (_case, claims, header) => {
    const ada = await newUser();
    const sid = `sid-${randomUUID()}`;
    const token = await accessToken(keyServer, ada, { sid });
    expect(await use(app, token)).toEqual(OK);
    const subject = _case === 'neither sub nor sid' ? {} : { sid, sub: ada };
    const answer = await logout(app, await logoutToken(keyServer, { ...subject, ...claims }, { header }));
    expect(answer).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', code: 'INVALID_LOGOUT_TOKEN' },
      cacheControl: 'no-store',
    });
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'error', 'error_description']);
    expect(await use(app, token)).toEqual(OK);
    expect((await refusedSids(service)).map((row) => row.sid)).not.toContain(sid);
  });

  it('takes an aud list holding one of the clients, and refuses a token signed by a key not in the set', async () => {
    const listed = await logoutToken(keyServer, {
      sub: `nobody-${randomUUID()}`,
      aud: ['other', 'mobile-app'],
    });
    expect((await logout(app, listed)).status).toBe(200);
    const stranger = await startTestKeyServer();
    try {
      const key = stranger.addKey('RS256');
      const forged = await logoutToken(keyServer, { sub: `nobody-${randomUUID()}` }, { key });
      expect(await logout(app, forged)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_LOGOUT_TOKEN' },
      });
      expect((await logout(app, 'not.a.token')).status).toBe(400);
    } finally {
      await stranger.close();
    }
  });

  it('takes a form only: other types 415, no logout_token or two 400, over 16 KiB 413; every answer no-store', async () => {
    const token = await logoutToken(keyServer, { sub: `nobody-${randomUUID()}` });
    const json = await sendLogout(app, JSON.stringify({ logout_token: token }), {
      'content-type': 'application/json',
    });
    expect(json).toMatchObject({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE' },
      cacheControl: 'no-store',
    });
    expect(await sendLogout(app, 'other=1')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_LOGOUT_TOKEN' },
      cacheControl: 'no-store',
    });
    const twice = new URLSearchParams([
      ['logout_token', token],
      ['logout_token', token],
    ]).toString();
    expect((await sendLogout(app, twice)).status).toBe(400);
    const huge = new URLSearchParams({ logout_token: 'x'.repeat(17 * 1024) }).toString();
    expect(await sendLogout(app, huge)).toMatchObject({ status: 413, cacheControl: 'no-store' });
  });

  it("is outside route protection's per-client budget", async () => {
    const client = '10.250.0.1';
    for (let i = 0; i < 8; i++) {
      const response = await app.inject({
        method: 'POST',
        url: LOGOUT,
        headers: FORM,
        payload: 'logout_token=not.a.token',
        remoteAddress: client,
      });
      expect(response.statusCode).toBe(400);
    }
    const ada = await newUser();
    const response = await app.inject({
      method: 'GET',
      url: ROUTE,
      headers: { authorization: `Bearer ${await accessToken(keyServer, ada)}` },
      remoteAddress: client,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the back-channel logout route when it is off or cannot read the keys yet', () => {
  it('is 404 without OIDC_LOGOUT_AUDIENCE', async () => {
    const keyServer = await startTestKeyServer();
    keyServer.addKey('RS256');
    const { OIDC_LOGOUT_AUDIENCE: _off, ...env } = providerEnv(keyServer);
    const running = await startRealService(targets[0]!, { env });
    try {
      const answer = await logout(running.service.app, await logoutToken(keyServer, { sub: 'someone' }));
      expect(answer.status).toBe(404);
    } finally {
      await running.close();
      await keyServer.close();
    }
  });

  it('refuses to start with OIDC_LOGOUT_AUDIENCE but no identity provider', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://localhost/x',
        JWT_SECRET: 'x'.repeat(32),
        OIDC_LOGOUT_AUDIENCE: CLIENTS,
      }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://localhost/x',
        JWT_SECRET: 'x'.repeat(32),
        OIDC_LOGOUT_AUDIENCE: CLIENTS,
      }),
    ).toThrow(/OIDC_LOGOUT_AUDIENCE/);
  });

  it('answers 503 KEYS_UNAVAILABLE before the first read of the keys, no-store', async () => {
    const keyServer = await startTestKeyServer();
    keyServer.addKey('RS256');
    keyServer.fault = (_request, response) => {
      response.writeHead(503).end();
      return true;
    };
    const running = await startRealService(targets[0]!, { env: providerEnv(keyServer) });
    try {
      const answer = await logout(running.service.app, await logoutToken(keyServer, { sub: 'someone' }));
      expect(answer).toMatchObject({
        status: 503,
        body: { code: 'KEYS_UNAVAILABLE' },
        cacheControl: 'no-store',
      });
    } finally {
      await running.close();
      await keyServer.close();
    }
  });
});

describe.each(targets)('a logout on one instance, seen by a second on $label', (target) => {
  let keyServer: TestKeyServer;
  let first: RealService;
  let second: Service;
  let databaseUrl = '';

  beforeAll(async () => {
    keyServer = await startTestKeyServer();
    keyServer.addKey('RS256');
    const remembered = {
      ...target,
      create: async () => {
        const database = await target.create();
        databaseUrl = database.url;
        return database;
      },
    };
    first = await startRealService(remembered, { env: providerEnv(keyServer) });
    // PGlite is one process's: the second instance shares its handle; PostgreSQL gets its own pool.
    const onServer = target.label !== 'pglite';
    const { JWT_SECRET: _none, ...env } = providerEnv(keyServer);
    second = await createService(
      loadConfig({
        ...env,
        ARGON2_MEMORY_COST: String(TEST_ARGON2.memoryCost),
        ARGON2_TIME_COST: String(TEST_ARGON2.timeCost),
        TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        ...(onServer ? { DATABASE_URL: databaseUrl } : {}),
      }),
      {
        logger: createLogger({ level: 'silent' }),
        ...(onServer ? {} : { database: first.service.database }),
      },
    );
    await untilReady(first.service.app);
    await untilReady(second.app);
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
    await keyServer.close();
  });

  it("refuses the session's token on the second instance within 1 s, and the same logout token there (replay)", async () => {
    const ada = (await seedUser(first.service.database.db, {})).id;
    const sid = `sid-${randomUUID()}`;
    const token = await accessToken(keyServer, ada, { sid });
    expect(await use(second.app, token)).toEqual(OK);

    const logoutTokenSent = await logoutToken(keyServer, { sid, sub: ada });
    expect((await logout(first.service.app, logoutTokenSent)).body).toEqual({ success: true, revoked: 1 });
    const answered = Date.now();
    let seen = await use(second.app, token);
    while (seen.status !== 401 && Date.now() - answered < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await use(second.app, token);
    }
    expect(seen).toEqual(REVOKED);
    expect(Date.now() - answered).toBeLessThanOrEqual(1000);

    expect(await logout(second.app, logoutTokenSent)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_LOGOUT_TOKEN', error_description: 'The logout token was used before' },
    });
  });
});
