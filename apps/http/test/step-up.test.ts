import { JoseDpopProofReader, SystemClock } from '@accounts/adapters';
import { VerifyDpopProof } from '@accounts/application';
import { InMemoryReplayRecord } from '@accounts/application/testing';
import { calculateThumbprint, generateKeyPair, generateProof } from 'dpop';
import { describe, expect, it } from 'vitest';
import type { StepUpSettings } from '../src/config/service-config.js';
import { STEP_UP_OPERATION_IDS } from '../src/schemas/step-up-operations.js';
import { configRefusal } from './config-refusal.js';
import { bearer, createTestApp, PASSWORD, testConfig, tokenFor, type TestApp } from './support.js';

const READ = '/api/user/custom-domain';
const DESCRIPTION = 'error_description="A stronger or more recent sign-in is required"';
const BODY = {
  statusCode: 401,
  error: 'Unauthorized',
  code: 'INSUFFICIENT_USER_AUTHENTICATION',
  message: 'A stronger or more recent sign-in is required',
};

async function appWith(stepUp: StepUpSettings): Promise<TestApp> {
  const base = testConfig();
  const t = await createTestApp({ config: { jwt: { ...base.jwt, stepUp } } });
  t.addUser({ id: 'user-a' });
  return t;
}

/** The service's clock (the test ports' fixed one), which `auth_time` is measured against. */
const serviceSeconds = (t: TestApp) => Math.floor(t.ports.clock.now().getTime() / 1000);

const read = (t: TestApp, claims: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: READ, headers: { ...bearer(tokenFor('user-a', claims)), ...headers } });

describe('step-up (RFC 9470): a listed operation needs a strong enough sign-in', () => {
  const acrRule = { operations: ['getCustomDomain'], acrValues: ['mfa', 'hwk'], maxAgeSeconds: null };

  it('refuses a token whose acr is missing or not listed, with the challenge a client acts on', async () => {
    const t = await appWith(acrRule);
    for (const claims of [{}, { acr: 'pwd' }, { acr: ['mfa'] }]) {
      const response = await read(t, claims);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(BODY);
      expect(response.headers['www-authenticate']).toBe(
        `Bearer error="insufficient_user_authentication", ${DESCRIPTION}, acr_values="mfa hwk"`,
      );
    }
  });

  it('lets a listed acr through, and asks nothing of an operation that is not listed', async () => {
    const t = await appWith(acrRule);
    expect((await read(t, { acr: 'hwk' })).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: bearer(tokenFor('user-a')),
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a sign-in older than the age, or of unknown age', async () => {
    const t = await appWith({ operations: ['getCustomDomain'], acrValues: null, maxAgeSeconds: 300 });
    const now = serviceSeconds(t);
    for (const claims of [{}, { auth_time: now - 301 }, { auth_time: 'yesterday' }]) {
      const response = await read(t, claims);
      expect(response.json()).toEqual(BODY);
      expect(response.headers['www-authenticate']).toBe(
        `Bearer error="insufficient_user_authentication", ${DESCRIPTION}, max_age=300`,
      );
    }
    expect((await read(t, { auth_time: now - 250 })).statusCode).toBe(200);
  });

  it('names both rules when both are set, and needs both', async () => {
    const t = await appWith({ operations: ['getCustomDomain'], acrValues: ['mfa'], maxAgeSeconds: 60 });
    const now = serviceSeconds(t);
    const old = await read(t, { acr: 'mfa', auth_time: now - 600 });
    expect(old.headers['www-authenticate']).toBe(
      `Bearer error="insufficient_user_authentication", ${DESCRIPTION}, acr_values="mfa", max_age=60`,
    );
    expect((await read(t, { acr: 'pwd', auth_time: now })).statusCode).toBe(401);
    expect((await read(t, { acr: 'mfa', auth_time: now })).statusCode).toBe(200);
  });

  it('comes after the session check and before the account-state gate', async () => {
    const t = await appWith({ ...acrRule, operations: ['enableAccount', 'signOutEverywhere'] });
    t.addUser({ id: 'user-d', disabled: true });
    const weak = { authorization: `Bearer ${tokenFor('user-d')}` };
    const enable = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/auth/disable-account',
        headers,
        payload: { password: PASSWORD },
      });
    // A disabled account's weak token: the sign-in is judged before the account's state.
    expect((await enable(weak)).json()).toMatchObject({ code: 'INSUFFICIENT_USER_AUTHENTICATION' });
    const strong = bearer(tokenFor('user-d', { acr: 'mfa' }));
    expect((await enable(strong)).statusCode).toBe(200);
    // A revoked session is refused as revoked, whatever its sign-in.
    const session = bearer(tokenFor('user-a', { acr: 'mfa', sid: 'sid-1' }));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/sign-out-everywhere', headers: session }))
        .statusCode,
    ).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/user/sign-out-everywhere',
      headers: bearer(tokenFor('user-a', { sid: 'sid-1' })),
    });
    expect(revoked.json()).toMatchObject({ code: 'SESSION_REVOKED' });
  });

  it('answers in the DPoP scheme a request that used DPoP', async () => {
    const clock = new SystemClock();
    const replayRecord = new InMemoryReplayRecord(clock);
    const proofs = new VerifyDpopProof({ proofs: new JoseDpopProofReader(), replayRecord, clock }, 60);
    const base = testConfig();
    const dpop = { proofs, required: false, publicUrl: null };
    const t = await createTestApp({ config: { jwt: { ...base.jwt, stepUp: acrRule, dpop } } });
    t.addUser({ id: 'user-a' });
    const keys = await generateKeyPair('ES256');
    const token = tokenFor('user-a', { cnf: { jkt: await calculateThumbprint(keys.publicKey) } });
    const proof = await generateProof(keys, `http://localhost${READ}`, 'GET', undefined, token);
    const response = await t.app.inject({
      method: 'GET',
      url: READ,
      headers: { authorization: `DPoP ${token}`, dpop: proof },
    });
    expect(response.json()).toEqual(BODY);
    expect(response.headers['www-authenticate']).toBe(
      `DPoP error="insufficient_user_authentication", ${DESCRIPTION}, acr_values="mfa hwk"`,
    );
  });

  it('lets a cross-origin page read the challenge', async () => {
    const t = await appWith(acrRule);
    const response = await read(t, {}, { origin: 'https://app.example.com' });
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const exposed = String(response.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toContain('WWW-Authenticate');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_user_authentication"/);
  });
});

describe('STEP_UP_* settings', () => {
  const env = (extra: Record<string, string>) => ({ JWT_SECRET: 'x'.repeat(32), ...extra });

  it('stop the start when operations are listed without a rule, or one is unknown', () => {
    expect(configRefusal(env({ STEP_UP_OPERATIONS: 'deleteAccount' })).message).toMatch(
      /STEP_UP_OPERATIONS.*STEP_UP_ACR_VALUES or STEP_UP_MAX_AGE_S/,
    );
    for (const unknown of ['deleteAcount', 'resetTwoFactor', 'getLiveness']) {
      const refusal = configRefusal(env({ STEP_UP_OPERATIONS: unknown, STEP_UP_MAX_AGE_S: '60' }));
      expect(refusal.message).toMatch(/STEP_UP_OPERATIONS/);
      expect(refusal.message).toContain(unknown);
    }
  });

  it("list exactly the operations that take a user's token", async () => {
    const t = await createTestApp();
    const description = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; tags: string[]; security?: unknown[] }>>;
    }>();
    const userOperations = Object.values(description.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.security?.length && !operation.tags.includes('operators'))
      .map((operation) => operation.operationId);
    expect([...STEP_UP_OPERATION_IDS].sort()).toEqual(userOperations.sort());
  });
});
