import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { calculateThumbprint, generateKeyPair, generateProof } from 'dpop';
import { exportJWK, SignJWT } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { configRefusal } from './config-refusal.js';
import { REAL_JWT_SECRET, startRealService, type RealService } from './real-service.js';
import { signJwt } from './support.js';

// operations.md: DPOP_REQUIRED, DPOP_IAT_WINDOW_S and PUBLIC_URL, read at start and applied.
const prod = { JWT_SECRET: REAL_JWT_SECRET, DATABASE_URL: 'postgres://db.example/accounts' };
const PATH = '/api/user/custom-domain';
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('the DPoP settings', () => {
  it('default to unbound tokens allowed, a 60 s window and no public URL', () => {
    expect(loadConfig(prod).jwt.dpop).toEqual({ required: false, iatWindowSeconds: 60, publicUrl: null });
  });

  it('read DPOP_REQUIRED, DPOP_IAT_WINDOW_S and PUBLIC_URL', () => {
    const config = loadConfig({
      ...prod,
      DPOP_REQUIRED: 'true',
      DPOP_IAT_WINDOW_S: '30',
      PUBLIC_URL: 'https://accounts.example/svc',
    });
    expect(config.jwt.dpop).toEqual({
      required: true,
      iatWindowSeconds: 30,
      publicUrl: 'https://accounts.example/svc',
    });
  });

  it.each([
    ['DPOP_REQUIRED', 'sometimes'],
    ['DPOP_IAT_WINDOW_S', '0'],
    ['DPOP_IAT_WINDOW_S', 'a minute'],
  ])('stop the start on %s=%s, naming it', (name, value) => {
    expect(configRefusal({ ...prod, [name]: value }).message).toContain(name);
  });
});

describe('the DPoP settings applied by the service', () => {
  let running: RealService;
  beforeAll(async () => {
    const [pglite] = await testDatabaseTargets();
    running = await startRealService(pglite!, { env: { DPOP_REQUIRED: 'true', DPOP_IAT_WINDOW_S: '5' } });
    await seedUser(running.service.database.db, { id: 'user-dpop' });
  });
  afterAll(() => running.close());

  it('refuses unbound tokens under DPOP_REQUIRED, and proofs older than DPOP_IAT_WINDOW_S', async () => {
    const read = (headers: Record<string, string>) => fetch(`${running.base}${PATH}`, { headers });
    const unbound = signJwt({ sub: 'user-dpop', exp: nowSeconds() + 600 }, { key: REAL_JWT_SECRET });
    const refused = await read({ authorization: `Bearer ${unbound}` });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_DPOP_PROOF' });

    const keys = await generateKeyPair('ES256', { extractable: true });
    const jkt = await calculateThumbprint(keys.publicKey);
    const token = signJwt(
      { sub: 'user-dpop', exp: nowSeconds() + 600, cnf: { jkt } },
      { key: REAL_JWT_SECRET },
    );
    const url = `${running.base}${PATH}`;
    const tenSecondsOld = await new SignJWT({
      jti: randomUUID(),
      htm: 'GET',
      htu: url,
      iat: nowSeconds() - 10,
      ath: createHash('sha256').update(token).digest('base64url'),
    })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: await exportJWK(keys.publicKey) })
      .sign(keys.privateKey);
    expect((await read({ authorization: `DPoP ${token}`, dpop: tenSecondsOld })).status).toBe(401);
    const fresh = await generateProof(keys, url, 'GET', undefined, token);
    expect((await read({ authorization: `DPoP ${token}`, dpop: fresh })).status).toBe(200);
  });
});
