import { createServerTestDatabase, type TestDatabase } from '@accounts/adapters/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureAwarePool } from '../../src/postgres/failure-aware-pool.js';

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
});
