import {
  seedUser,
  startTestRedis,
  testDatabaseTargets,
  testRedisAvailable,
  type TestRedis,
} from '@accounts/adapters/testing';
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

/** A token bound to a new ES256 key for `userId`, and fresh proofs of that key for GET PATH. */
async function boundClient(userId: string) {
  const keys = await generateKeyPair('ES256');
  const jkt = await calculateThumbprint(keys.publicKey);
  const token = signJwt(
    { sub: userId, iat: nowSeconds(), exp: nowSeconds() + 600, cnf: { jkt } },
    { key: REAL_JWT_SECRET },
  );
  return {
    proof: () => generateProof(keys, `${PUBLIC_URL}${PATH}`, 'GET', undefined, token),
    read: (base: string, proof: string) =>
      fetch(`${base}${PATH}`, { headers: { authorization: `DPoP ${token}`, dpop: proof } }),
  };
}

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
    const client = await boundClient('user-dpop');
    const proof = await client.proof();
    expect((await client.read(first.base, proof)).status).toBe(200);
    const replayed = await client.read(secondBase, proof);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: 'INVALID_DPOP_PROOF' });
    expect((await client.read(secondBase, await client.proof())).status).toBe(200);
  });
});

// With REDIS_URL the record is Redis's: two instances on databases of their own still meet there.
describe.runIf(testRedisAvailable())('DPoP proofs across two instances sharing Redis', () => {
  let redis: TestRedis;
  let instances: RealService[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    const [pglite] = await testDatabaseTargets();
    instances = await Promise.all(
      [1, 2].map(() => startRealService(pglite!, { env: { PUBLIC_URL, REDIS_URL: redis.url } })),
    );
    for (const { service } of instances) await seedUser(service.database.db, { id: 'user-dpop' });
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await redis.close();
  });

  it('refuses on the second instance a proof the first one accepted', async () => {
    const [one, two] = instances;
    const client = await boundClient('user-dpop');
    const proof = await client.proof();
    expect((await client.read(one!.base, proof)).status).toBe(200);
    const replayed = await client.read(two!.base, proof);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: 'INVALID_DPOP_PROOF' });
  });
});
