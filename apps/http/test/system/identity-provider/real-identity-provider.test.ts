import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  serviceDatabase,
  startServiceBehindProvider,
  type ServiceBehindProvider,
} from './service-behind-provider.js';
import { startLogoutRelay } from './logout-relay.js';
import {
  RESOURCE,
  startTestIdentityProvider,
  USER_CLIENT_ID,
  type TestIdentityProvider,
} from './test-identity-provider.js';

// decisions.md, "Meeting the identity provider", "Proof against a real provider": the built service
// behind node-oidc-provider 9, its tokens from real grants, its keys rotated and its port closed
// under the service, and its own back-channel logout call.

const READ_USER = '/api/user/sessions';
const LOGOUT_PATH = '/api/idp/backchannel-logout';
/**
 * The service's settings behind the provider. Its first read of the keys counts as an attempt,
 * and the rotation below comes sooner than the default 30 s cooldown after it.
 */
const SETTINGS = { JWKS_COOLDOWN_S: '1' };
const readOperator = (userId: string) => `/api/admin/users/${userId}`;

describe.each(await testDatabaseTargets())('the service behind node-oidc-provider on $label', (target) => {
  let idp: TestIdentityProvider;
  let relay: Awaited<ReturnType<typeof startLogoutRelay>>;
  let service: ServiceBehindProvider;
  let env: Record<string, string>;
  const started: { close: () => Promise<void> }[] = [];
  let userId: string;

  beforeAll(async () => {
    relay = await startLogoutRelay();
    started.push(relay);
    idp = await startTestIdentityProvider({ backchannelLogoutUri: relay.url });
    started.push(idp);
    const database = await serviceDatabase(target);
    started.push(database);
    env = {
      ...database.env,
      ...SETTINGS,
      OIDC_ISSUER: idp.issuer,
      JWT_AUDIENCE: RESOURCE,
      OIDC_LOGOUT_AUDIENCE: USER_CLIENT_ID,
    };
    userId = createUser(database, env, `idp-${randomBytes(4).toString('hex')}@example.com`);
    service = await startServiceBehindProvider(database, 0, env);
    started.push({ close: service.stop });
    relay.forwardTo(`${service.base}${LOGOUT_PATH}`);
  });
  afterAll(async () => {
    for (const resource of started.reverse()) await resource.close();
  });

  const call = (token: string, path: string, base = service.base) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const statusOf = async (token: string, path: string) => (await call(token, path)).status;

  it('is ready from the discovery document, and a user token from a real sign-in carries sid, acr and auth_time and reads the user’s routes', async () => {
    expect((await fetch(`${service.base}/readyz`)).status).toBe(200);
    const authTime = Math.floor(Date.now() / 1000) - 120;
    const signIn = await idp.signIn(userId, { acr: 'urn:accounts:mfa', amr: ['pwd', 'otp'], authTime });

    expect(signIn.tokenType).toBe('Bearer');
    expect(decodeProtectedHeader(signIn.accessToken).typ).toBe('at+jwt');
    const claims = decodeJwt(signIn.accessToken);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: RESOURCE,
      sub: userId,
      acr: 'urn:accounts:mfa',
      auth_time: authTime,
    });
    expect(claims.sid).toEqual(expect.any(String));

    const response = await call(signIn.accessToken, READ_USER);
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as { sessions: { current: boolean }[] };
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
  });

  it('answers an operator token from the client-credentials grant on the operator routes', async () => {
    const token = await idp.operatorToken();
    expect(String(decodeJwt(token).scope).split(' ')).toContain('accounts:admin');

    const response = await call(token, readOperator(userId));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: userId });
  });

  it('keeps answering across a rotation of the provider’s signing key: a token of the new key is accepted at first sight', async () => {
    const oldUser = (await idp.signIn(userId)).accessToken;
    const oldOperator = await idp.operatorToken();
    const tokens = [
      { token: oldUser, path: READ_USER },
      { token: oldOperator, path: readOperator(userId) },
    ];
    // Every answer of a steady read load with the tokens in `tokens` (a failed connection: null).
    const statuses: (number | null)[] = [];
    const done = new AbortController();
    const traffic = (async () => {
      while (!done.signal.aborted) {
        const answers = await Promise.all(
          tokens.map(({ token, path }) => statusOf(token, path).catch(() => null)),
        );
        statuses.push(...answers);
      }
    })();

    try {
      // An unknown kid re-reads the set at most once per cooldown from the last attempt, and the
      // service's read at its start may be under a second ago (a quick machine): past it first.
      await new Promise((done) => setTimeout(done, Number(SETTINGS.JWKS_COOLDOWN_S) * 1000 + 200));
      const newKid = await idp.rotateSigningKey();
      const newOperator = await idp.operatorToken();
      expect(decodeProtectedHeader(newOperator).kid).toBe(newKid);
      expect(await statusOf(newOperator, readOperator(userId))).toBe(200);
      const newUser = (await idp.signIn(userId)).accessToken;
      expect(decodeProtectedHeader(newUser).kid).toBe(newKid);
      expect(await statusOf(newUser, READ_USER)).toBe(200);
      tokens.push({ token: newUser, path: READ_USER }, { token: newOperator, path: readOperator(userId) });

      await idp.dropRetiredKeys();
      const afterDrop = await idp.operatorToken();
      expect(await statusOf(afterDrop, readOperator(userId))).toBe(200);
    } finally {
      done.abort();
      await traffic;
    }
    expect(statuses.length).toBeGreaterThan(4);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('keeps accepting tokens of known keys while the provider is stopped, and after it is started again', async () => {
    const user = (await idp.signIn(userId)).accessToken;
    const operator = await idp.operatorToken();

    await idp.stop();
    try {
      await expect(fetch(`${idp.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
      expect(await statusOf(user, READ_USER)).toBe(200);
      expect(await statusOf(operator, readOperator(userId))).toBe(200);
      expect((await fetch(`${service.base}/readyz`)).status).toBe(200);
    } finally {
      await idp.start();
    }

    expect(await statusOf(user, READ_USER)).toBe(200);
    expect(await statusOf((await idp.signIn(userId)).accessToken, READ_USER)).toBe(200);
  });

  it('hears the provider’s own back-channel logout: the session’s tokens then get 401 SESSION_REVOKED, on every instance', async () => {
    const signIn = await idp.signIn(userId);
    const sid = decodeJwt(signIn.accessToken).sid;
    expect(await statusOf(signIn.accessToken, READ_USER)).toBe(200);
    const other = (await idp.signIn(userId)).accessToken;
    // PGlite has one owner: a second instance only on a database server.
    const second =
      target.label === 'pglite' ? null : await startServiceBehindProvider({ env, cwd: tmpdir() }, 0, env);
    try {
      if (second) expect((await call(signIn.accessToken, READ_USER, second.base)).status).toBe(200);
      // Throws on a backchannel.error event: the service must have answered the provider's call with 200.
      await idp.signOut(signIn);
      const answeredAt = Date.now();
      expect(idp.backchannelDeliveries).toContainEqual({ clientId: USER_CLIENT_ID, accountId: userId, sid });
      const logout = relay.logouts.at(-1);
      expect(logout).toMatchObject({ status: 200, cacheControl: 'no-store' });
      expect(JSON.parse(logout?.answer ?? '')).toEqual({ success: true, revoked: 1 });
      expect(decodeJwt(logout?.logoutToken ?? '')).toMatchObject({
        iss: idp.issuer,
        aud: USER_CLIENT_ID,
        sub: userId,
        sid,
      });

      const revoked = await call(signIn.accessToken, READ_USER);
      expect(revoked.status).toBe(401);
      expect(await revoked.json()).toMatchObject({ code: 'SESSION_REVOKED' });
      // Another sign-in of the same person is another session at the provider, left alone.
      expect(await statusOf(other, READ_USER)).toBe(200);

      if (second) {
        let onSecond = await call(signIn.accessToken, READ_USER, second.base);
        while (onSecond.status === 200 && Date.now() - answeredAt < 1_000) {
          onSecond = await call(signIn.accessToken, READ_USER, second.base);
        }
        expect(onSecond.status).toBe(401);
        expect(await onSecond.json()).toMatchObject({ code: 'SESSION_REVOKED' });
        const replayed = await fetch(`${second.base}${LOGOUT_PATH}`, {
          method: 'POST',
          body: new URLSearchParams({ logout_token: logout?.logoutToken ?? '' }),
        });
        expect(replayed.status).toBe(400);
        expect(await replayed.json()).toMatchObject({
          error: 'invalid_request',
          code: 'INVALID_LOGOUT_TOKEN',
        });
      }
    } finally {
      await second?.stop();
    }
  });
});
