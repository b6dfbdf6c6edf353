import { randomBytes } from 'node:crypto';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { generateKeyPair, generateProof, type KeyPair } from 'dpop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  freePort,
  serviceDatabase,
  startServiceBehindProvider,
  type ServiceBehindProvider,
} from './service-behind-provider.js';
import { RESOURCE, startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.js';

// decisions.md, "Sender-constrained tokens (DPoP, RFC 9449)": the built service behind
// node-oidc-provider with its DPoP feature, which binds the access token to the client's key.

const PATH = '/api/user/sessions';
const ALGS = 'algs="ES256 RS256 PS256 EdDSA"';

describe.each(await testDatabaseTargets())('DPoP-bound tokens of node-oidc-provider on $label', (target) => {
  let idp: TestIdentityProvider;
  let service: ServiceBehindProvider;
  const started: { close: () => Promise<void> }[] = [];
  let userId: string;
  let key: KeyPair;
  let accessToken: string;

  beforeAll(async () => {
    const port = await freePort();
    idp = await startTestIdentityProvider({
      backchannelLogoutUri: `http://127.0.0.1:${port}/api/idp/backchannel-logout`,
    });
    started.push(idp);
    const env = { OIDC_ISSUER: idp.issuer, JWT_AUDIENCE: RESOURCE };
    const database = await serviceDatabase(target);
    started.push(database);
    userId = createUser(database, env, `dpop-${randomBytes(4).toString('hex')}@example.com`);
    service = await startServiceBehindProvider(database, port, env);
    started.push({ close: service.stop });
    key = await generateKeyPair('ES256');
    const signIn = await idp.signIn(userId, { dpopKey: key });
    expect(signIn.tokenType).toBe('DPoP');
    accessToken = signIn.accessToken;
  });
  afterAll(async () => {
    for (const resource of started.reverse()) await resource.close();
  });

  const withProof = async (proofKey: KeyPair = key) => ({
    authorization: `DPoP ${accessToken}`,
    dpop: await generateProof(proofKey, `${service.base}${PATH}`, 'GET', undefined, accessToken),
  });

  it('takes the bound token as DPoP with a proof of its key, once per proof', async () => {
    const headers = await withProof();
    expect((await fetch(`${service.base}${PATH}`, { headers })).status).toBe(200);
    const replayed = await fetch(`${service.base}${PATH}`, { headers });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: 'INVALID_DPOP_PROOF' });
    expect(replayed.headers.get('www-authenticate')).toBe(`DPoP error="invalid_dpop_proof", ${ALGS}`);
    expect((await fetch(`${service.base}${PATH}`, { headers: await withProof() })).status).toBe(200);
  });

  it('refuses the bound token as Bearer, and with a proof of another key', async () => {
    const asBearer = await fetch(`${service.base}${PATH}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(asBearer.status).toBe(401);
    expect(asBearer.headers.get('www-authenticate')).toBe(`DPoP error="invalid_token", ${ALGS}`);
    const otherKey = await fetch(`${service.base}${PATH}`, {
      headers: await withProof(await generateKeyPair('ES256')),
    });
    expect(otherKey.status).toBe(401);
    expect(await otherKey.json()).toMatchObject({ code: 'INVALID_DPOP_PROOF' });
  });
});
