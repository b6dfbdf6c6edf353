import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Argon2PasswordHasher,
  insertEntitlement,
  insertUser,
  KyselyOutboxRepository,
  migrateToLatest,
  openDatabase,
} from '@accounts/adapters';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/observability/logging.js';
import { mintToken } from '../../src/tokens.js';
import { FAST_OUTBOX_ENV, startProvider } from '../outbox-support.js';
import { REAL_JWT_SECRET, TEST_ARGON2 } from '../real-service.js';
import { spawnBuiltServer, stopBuiltServer } from './built-server.js';

type Provider = Awaited<ReturnType<typeof startProvider>>;

const PASSWORD = 'a long and real password';
/** A PostgreSQL server of the shared database targets, if any (DATABASE_URL, or Docker). */
const serverTarget = (await testDatabaseTargets()).find((target) => target.label !== 'pglite');

describe('a committed cancellation survives SIGKILL (built server, embedded database on disk)', () => {
  let workDir: string;
  let provider: Provider;
  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'accounts-outbox-'));
    provider = await startProvider();
  });
  afterAll(async () => {
    await provider.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('sends the cancellation after a restart when the process died while the provider hung on it', async () => {
    const dataDir = join(workDir, '.data/pglite');
    const seed = await openDatabase(undefined, { dataDir });
    let userId: string;
    try {
      await migrateToLatest(seed.db);
      const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
      ({ id: userId } = await insertUser(seed.db, { email: 'killed@example.com', passwordHash }));
      await insertEntitlement(seed.db, {
        userId,
        service: 'DROP',
        tier: 'pro',
        billingSubscriptionId: 'sub_killed',
      });
    } finally {
      await seed.close();
    }
    const env = {
      ...FAST_OUTBOX_ENV,
      JWT_SECRET: REAL_JWT_SECRET,
      BILLING_ACCESS_TOKEN: 'polar_test_token',
      BILLING_API_URL: provider.url,
      BILLING_TIMEOUT_MS: '1000',
      WEBHOOK_TIMEOUT_MS: '1000',
      ARGON2_MEMORY_COST: String(TEST_ARGON2.memoryCost),
      ARGON2_TIME_COST: String(TEST_ARGON2.timeCost),
    };

    provider.state.behaviour = 'hang';
    const first = await spawnBuiltServer(workDir, env);
    const token = mintToken({ secret: REAL_JWT_SECRET, userId, expiresInSeconds: 600 });
    const request = fetch(`${first.base}/api/auth/delete-account`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    }).catch(() => 'connection lost');
    await expect
      .poll(() => provider.requests, { timeout: 20_000 })
      .toEqual(['DELETE /v1/subscriptions/sub_killed']);
    await stopBuiltServer(first, 'SIGKILL');
    expect(await request).toBe('connection lost');

    provider.state.behaviour = { status: 200 };
    const second = await spawnBuiltServer(workDir, env);
    try {
      await expect.poll(() => provider.requests.length, { timeout: 20_000 }).toBe(2);
      expect(provider.requests).toEqual([
        'DELETE /v1/subscriptions/sub_killed',
        'DELETE /v1/subscriptions/sub_killed',
      ]);
    } finally {
      await stopBuiltServer(second, 'SIGTERM');
    }
    expect(second.child.exitCode).toBe(0);

    const after = await openDatabase(undefined, { dataDir });
    try {
      expect(await new KyselyOutboxRepository(after.db).list({ kind: 'billing.cancel' })).toMatchObject([
        { userId, status: 'done', payload: { subscriptionId: 'sub_killed', mode: 'immediately' } },
      ]);
      expect(await after.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    } finally {
      await after.close();
    }
  }, 120_000);
});

describe.skipIf(serverTarget === undefined)(
  'two service instances on one PostgreSQL database (skipped without DATABASE_URL: PGlite has one owner)',
  () => {
    let database: TestDatabase;
    let provider: Provider;
    const services: Service[] = [];

    beforeAll(async () => {
      database = await serverTarget!.create();
      provider = await startProvider({ answerAfterMs: 20 });
      const config = loadConfig({
        ...FAST_OUTBOX_ENV,
        DATABASE_URL: database.url,
        JWT_SECRET: REAL_JWT_SECRET,
        BILLING_ACCESS_TOKEN: 'polar_test_token',
        BILLING_API_URL: provider.url,
        BILLING_TIMEOUT_MS: '2000',
      });
      // Each opens its own pool, as two processes would.
      for (let i = 0; i < 2; i++) {
        services.push(await createService(config, { logger: createLogger({ level: 'silent' }) }));
      }
    }, 120_000);

    afterAll(async () => {
      for (const service of services) await service.app.close();
      // Unset when beforeAll failed part-way; what it did open is still closed.
      await (provider as Provider | undefined)?.close();
      await (database as TestDatabase | undefined)?.close();
    }, 120_000);

    it('delivers each of 200 due entries, never by both at once', async () => {
      const [one, two] = services as [Service, Service];
      const outbox = new KyselyOutboxRepository(one.database.db);
      const paths = new Set<string>();
      for (let n = 0; n < 200; n++) {
        await outbox.enqueue({
          kind: 'billing.cancel',
          userId: `user-${n % 13}`,
          payload: { subscriptionId: `sub_${n}`, mode: 'at-period-end' },
        });
        paths.add(`PATCH /v1/subscriptions/sub_${n}`);
      }
      one.outboxWorker.wake();
      two.outboxWorker.wake();

      await expect
        .poll(async () => (await outbox.depth()).find((d) => d.status === 'done')?.count, { timeout: 60_000 })
        .toBe(200);
      expect(new Set(provider.requests)).toEqual(paths);
      expect(provider.state.concurrentDuplicates).toBe(0);
      expect(provider.requests).toHaveLength(200);
    }, 120_000);
  },
);
