import {
  seedEntitlement,
  seedUser,
  testDatabaseTargets,
  type TestDatabase,
} from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../src/composition-root.js';
import { loadConfig } from '../src/config/load-config.js';
import { createLogger } from '../src/observability/logging.js';
import { mintToken } from '../src/tokens.js';
import { REAL_JWT_SECRET } from './real-service.js';

const STATEMENT_TIMEOUT_MS = 2_000;

describe.each(await testDatabaseTargets())('DATABASE_STATEMENT_TIMEOUT_MS on $label', (target) => {
  let testDatabase: TestDatabase;
  let service: Service;
  let base: string;

  beforeAll(async () => {
    // The service opens the database from its URL itself, so the variable is what applies.
    // 2 s, not less: the client gives up 250 ms after it and marks the server silent, and a busy
    // CI machine can stall a process that long (300 ms failed CI that way, 1 s beside other suites).
    testDatabase = await target.create();
    const config = loadConfig({
      DATABASE_URL: testDatabase.url,
      JWT_SECRET: REAL_JWT_SECRET,
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    service = await createService(config, { logger: createLogger({ level: 'silent' }) });
    base = await service.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    // Unset when beforeAll failed part-way; what it did open is still closed.
    await (service as Service | undefined)?.app.close();
    await (testDatabase as TestDatabase | undefined)?.close();
  });

  it("is the session's statement_timeout", async () => {
    const setting = await service.database.db
      .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('statement_timeout')]).as('value'))
      .executeTakeFirstOrThrow();
    expect(setting).toEqual({ value: '2s' });
  });

  it.runIf(target.label !== 'pglite')(
    'cancels a query that waits longer: 500 Internal server error, and the next request is served',
    async () => {
      const { id } = await seedUser(service.database.db, { email: 'slow@example.com' });
      await seedEntitlement(service.database.db, aDropEntitlement(id));
      const read = async () => {
        const response = await fetch(`${base}/api/user/custom-domain`, {
          headers: {
            authorization: `Bearer ${mintToken({ secret: REAL_JWT_SECRET, userId: id, expiresInSeconds: 60 })}`,
          },
        });
        return { status: response.status, body: await response.json() };
      };

      // Another session holds a lock the request's query has to wait for.
      const holder = new pg.Client({ connectionString: testDatabase.url });
      try {
        await holder.connect();
        await holder.query('begin');
        await holder.query('lock table service_access in access exclusive mode');
        const started = Date.now();
        const slow = await read();
        const elapsed = Date.now() - started;
        await holder.query('rollback');

        expect(slow).toEqual({
          status: 500,
          body: {
            statusCode: 500,
            error: 'Internal Server Error',
            code: 'INTERNAL_ERROR',
            message: 'Internal server error',
          },
        });
        expect(elapsed).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
        expect(elapsed).toBeLessThan(STATEMENT_TIMEOUT_MS + 3_000);
        expect((await read()).status).toBe(200);
      } finally {
        await holder.end().catch(() => undefined);
      }
    },
  );
});
