import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { calculateThumbprint, generateKeyPair, generateProof } from 'dpop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { createLogger } from '../src/observability/logging.js';
import { REAL_JWT_SECRET, startRealService, TEST_ARGON2, type RealService } from './real-service.js';
import { signJwt } from './support.js';

// decisions.md, "Sender-constrained tokens": a proof's jti is accepted once on every instance.
const PUBLIC_URL = 'https://accounts.example';
const PATH = '/api/user/custom-domain';
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(await testDatabaseTargets())('DPoP proofs across two instances on $label', (target) => {
  let first: RealService;
  let second: Service;
  let secondBase: string;
  let databaseUrl = '';

  beforeAll(async () => {
    const remembered = {
      ...target,
      create: async () => {
        const database = await target.create();
        databaseUrl = database.url;
        return database;
      },
    };
    first = await startRealService(remembered, { env: { PUBLIC_URL } });
    // PGlite is one process's: the second instance shares its handle; PostgreSQL gets its own pool.
    const onServer = target.label !== 'pglite';
    second = await createService(
      loadConfig({
        JWT_SECRET: REAL_JWT_SECRET,
        PUBLIC_URL,
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
    secondBase = await second.app.listen({ host: '127.0.0.1', port: 0 });
    await seedUser(first.service.database.db, { id: 'user-dpop' });
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('refuses on the second instance a proof the first one accepted', async () => {
    const keys = await generateKeyPair('ES256');
    const jkt = await calculateThumbprint(keys.publicKey);
    const token = signJwt(
      { sub: 'user-dpop', iat: nowSeconds(), exp: nowSeconds() + 600, cnf: { jkt } },
      { key: REAL_JWT_SECRET },
    );
    const proof = await generateProof(keys, `${PUBLIC_URL}${PATH}`, 'GET', undefined, token);
    const read = (base: string) =>
      fetch(`${base}${PATH}`, { headers: { authorization: `DPoP ${token}`, dpop: proof } });

    expect((await read(first.base)).status).toBe(200);
    const replayed = await read(secondBase);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: 'INVALID_DPOP_PROOF' });

    const fresh = await generateProof(keys, `${PUBLIC_URL}${PATH}`, 'GET', undefined, token);
    const secondRead = await fetch(`${secondBase}${PATH}`, {
      headers: { authorization: `DPoP ${token}`, dpop: fresh },
    });
    expect(secondRead.status).toBe(200);
  });
});
