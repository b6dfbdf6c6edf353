import { createServerTestDatabase, startTcpProxy, type TestDatabase } from '@accounts/adapters/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureAwarePool } from '../../src/postgres/failure-aware-pool.js';
import { DatabaseUnreachableError } from '../../src/postgres/server-reachability.js';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl?.startsWith('postgres'))('the failure-aware pool', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof failureAwarePool>;

  beforeAll(async () => {
    database = await createServerTestDatabase(serverUrl ?? '');
    pool = failureAwarePool(new pg.Pool({ connectionString: database.url, max: 1 }), {
      maxClients: 1,
      queryTimeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  it('hands out the same client object for the same connection, so Kysely reuses its own', async () => {
    const first = await pool.connect();
    first.release();
    const second = await pool.connect();
    second.release();
    expect(second).toBe(first);
  });

  it('never hands out again a client whose connection failed', async () => {
    const broken = await pool.connect();
    const pid = (await broken.query<{ pid: number }>('select pg_backend_pid() as pid', [])).rows[0]?.pid;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect(broken.query('select 1', [])).rejects.toThrow();
    broken.release();

    const next = await pool.connect();
    try {
      expect(next).not.toBe(broken);
      const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid', []);
      expect(rows[0]?.pid).not.toBe(pid);
    } finally {
      next.release();
    }
  });

  it('asks pg for no connection during an outage: nothing waits in its queue for the probe to pass after the return', async () => {
    const proxy = await startTcpProxy({
      host: new URL(database.url).hostname,
      port: Number(new URL(database.url).port || 5432),
    });
    const proxied = new URL(database.url);
    proxied.host = proxy.address;
    const queryTimeoutMs = 500;
    const pgPool = new pg.Pool({
      connectionString: proxied.toString(),
      max: 2,
      connectionTimeoutMillis: 10_000,
      query_timeout: queryTimeoutMs,
    });
    pgPool.on('error', () => undefined);
    const outagePool = failureAwarePool(pgPool, { maxClients: 2, queryTimeoutMs });
    try {
      const client = await outagePool.connect();
      await client.query('select 1', []);
      proxy.cut();
      await expect(client.query('select 1', [])).rejects.toBeInstanceOf(DatabaseUnreachableError);
      client.release();

      // Refused at once, as many as come: none of them is a connect waiting in pg's pool (each
      // would wait its connection timeout there, and the probe's connect behind them all).
      const refused = await Promise.allSettled(Array.from({ length: 50 }, () => outagePool.connect()));
      const unrefused = refused.filter(
        (outcome) => outcome.status === 'fulfilled' || !(outcome.reason instanceof DatabaseUnreachableError),
      );
      expect(unrefused).toEqual([]);
      expect(pgPool.waitingCount).toBe(0);
      // At most the probe's own connection attempt.
      expect(pgPool.totalCount).toBeLessThanOrEqual(1);

      proxy.reset();
      proxy.restore();
      const back = Date.now();
      for (;;) {
        const answered = await outagePool.connect().then(
          async (next) => {
            try {
              return (await next.query<{ one: number }>('select 1 as one', [])).rows[0]?.one === 1;
            } finally {
              next.release();
            }
          },
          () => false,
        );
        if (answered) break;
        expect(Date.now() - back).toBeLessThan(3_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      proxy.restore();
      await outagePool.end();
      await proxy.close();
    }
  });
});
