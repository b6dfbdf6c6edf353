import { randomBytes } from 'node:crypto';
import { insertEntitlement, insertUser } from '@accounts/adapters';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { mintToken } from '../src/tokens.js';
import { REAL_JWT_SECRET, startRealService } from './real-service.js';

const serverUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('DATABASE_STATEMENT_TIMEOUT_MS', () => {
  it('is the embedded session statement_timeout', async () => {
    const { service, close } = await startRealService(
      { label: 'PGlite', open: () => Promise.resolve({ databaseUrl: 'pglite://memory' }) },
      { env: { DATABASE_STATEMENT_TIMEOUT_MS: '1234' } },
    );
    try {
      const setting = await service.database.db
        .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('statement_timeout')]).as('value'))
        .executeTakeFirstOrThrow();
      expect(setting).toEqual({ value: '1234ms' });
    } finally {
      await close();
    }
  });

  it.runIf(serverUrl)(
    'cancels a query that waits longer on PostgreSQL: 500 Internal server error, and the next request is served',
    async () => {
      // A database of its own, opened by the service from its URL, so the variable is what applies.
      const name = `test_${randomBytes(6).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(serverUrl ?? '');
      url.pathname = `/${name}`;
      const { service, base, close } = await startRealService(
        { label: 'PostgreSQL', open: () => Promise.resolve({ databaseUrl: url.toString() }) },
        { env: { DATABASE_STATEMENT_TIMEOUT_MS: '300' } },
      );
      // Another session holds a lock the request's query has to wait for.
      const holder = new pg.Client({ connectionString: url.toString() });
      try {
        const { id } = await insertUser(service.database.db, {
          email: 'slow@example.com',
          passwordHash: null,
        });
        await insertEntitlement(service.database.db, { userId: id, service: 'DROP', tier: 'pro' });
        const read = async () => {
          const response = await fetch(`${base}/api/user/custom-domain`, {
            headers: {
              authorization: `Bearer ${mintToken({ secret: REAL_JWT_SECRET, userId: id, expiresInSeconds: 60 })}`,
            },
          });
          return { status: response.status, body: await response.json() };
        };

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
        expect(elapsed).toBeGreaterThanOrEqual(250);
        expect(elapsed).toBeLessThan(3_000);
        expect((await read()).status).toBe(200);
      } finally {
        await holder.end().catch(() => undefined);
        await close();
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
  );
});
