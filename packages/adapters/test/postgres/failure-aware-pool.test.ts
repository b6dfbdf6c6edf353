import {
  createServerTestDatabase,
  startTcpProxy,
  type TcpProxy,
  type TestDatabase,
  wallClockSkipReason,
} from '@accounts/adapters/testing';
import type { PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failureAwarePool } from '../../src/postgres/failure-aware-pool.js';
import { DatabaseUnreachableError } from '../../src/postgres/server-reachability.js';

const serverUrl = process.env.DATABASE_URL;
const QUERY_TIMEOUT_MS = 500;

// The outage contract's own bounds (DATABASE_STATEMENT_TIMEOUT_MS + 1 s, every statement failing
// at once while the server is silent) by the wall clock: on the PostgreSQL job, never under LOADED=1.
describe.skipIf(!serverUrl?.startsWith('postgres'))(
  'the failure-aware pool',
  { tags: ['wall-clock'] },
  () => {
    beforeEach((context) => {
      const unmeasured = wallClockSkipReason();
      if (unmeasured) context.skip(unmeasured);
    });
    let database: TestDatabase;
    let pool: ReturnType<typeof failureAwarePool>;
    let proxy: TcpProxy;
    let proxiedUrl: string;

    beforeAll(async () => {
      database = await createServerTestDatabase(serverUrl ?? '');
      const target = new URL(database.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(database.url);
      proxied.host = proxy.address;
      proxiedUrl = proxied.toString();
      pool = failureAwarePool(() => new pg.Pool({ connectionString: database.url, max: 1 }), {
        maxClients: 1,
        queryTimeoutMs: 5_000,
      });
    });
    afterAll(async () => {
      await pool.end();
      await proxy.close();
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

    /**
     * A failure-aware pool through the proxy (a query unanswered for `queryTimeoutMs` marks an
     * outage; a connect waits up to 10 s), with the pg pools it made and the connections they made.
     */
    function throughProxy(max: number, queryTimeoutMs = QUERY_TIMEOUT_MS) {
      const pools: pg.Pool[] = [];
      let connections = 0;
      const outagePool = failureAwarePool(
        () => {
          const made = new pg.Pool({
            connectionString: proxiedUrl,
            max,
            connectionTimeoutMillis: 10_000,
            query_timeout: queryTimeoutMs,
          })
            .on('error', () => undefined)
            .on('connect', () => connections++);
          pools.push(made);
          return made;
        },
        { maxClients: max, queryTimeoutMs },
      );
      return { pools, outagePool, connections: () => connections };
    }

    /** Retries a statement until it is answered, within `limitMs`. */
    async function answeredWithin(outagePool: ReturnType<typeof failureAwarePool>, limitMs: number) {
      const started = Date.now();
      for (;;) {
        const answered = await outagePool.connect().then(
          async (client) => {
            try {
              return (await client.query<{ one: number }>('select 1 as one', [])).rows[0]?.one === 1;
            } finally {
              client.release();
            }
          },
          () => false,
        );
        if (answered) return;
        expect(Date.now() - started).toBeLessThan(limitMs);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    /** What a statement on `client` failed with (null: answered); the client goes back as it settles. */
    async function failureOf(client: PostgresPoolClient): Promise<unknown> {
      try {
        await client.query('select 1', []);
        return null;
      } catch (error) {
        return error;
      } finally {
        client.release();
      }
    }

    const refusedByTheOutage = (outcomes: PromiseSettledResult<unknown>[]) =>
      outcomes.every(
        (outcome) => outcome.status === 'rejected' && outcome.reason instanceof DatabaseUnreachableError,
      );

    it('asks pg for no connection during an outage: nothing waits in its queue for the probe to pass after the return', async () => {
      const { pools, outagePool } = throughProxy(2);
      try {
        const client = await outagePool.connect();
        await client.query('select 1', []);
        proxy.cut();
        expect(await failureOf(client)).toBeInstanceOf(DatabaseUnreachableError);

        // Refused at once, as many as come: none of them is a connect waiting in pg's pool (each
        // would wait its connection timeout there, and the probe's connect behind them all).
        const refused = await Promise.allSettled(Array.from({ length: 50 }, () => outagePool.connect()));
        expect(refusedByTheOutage(refused)).toBe(true);
        expect(pools.map((made) => made.waitingCount)).toEqual(pools.map(() => 0));
        // At most the probe's own connection attempt.
        expect(pools.at(-1)!.totalCount).toBeLessThanOrEqual(1);

        proxy.reset();
        proxy.restore();
        await answeredWithin(outagePool, 3_000);
      } finally {
        proxy.restore();
        await outagePool.end();
      }
    });

    it('serves no connection after the return to the connects that waited for a busy client when the server fell silent', async () => {
      const { outagePool, connections } = throughProxy(1);
      try {
        const client = await outagePool.connect();
        await client.query('select 1', []);
        proxy.cut();
        const unanswered = failureOf(client);
        // Queued in pg's pool behind the one busy client: not an outage yet, only a wait.
        const waiting = Promise.allSettled(Array.from({ length: 20 }, () => outagePool.connect()));
        expect(await unanswered).toBeInstanceOf(DatabaseUnreachableError);
        expect(refusedByTheOutage(await waiting)).toBe(true);

        const before = connections();
        proxy.reset();
        proxy.restore();
        await answeredWithin(outagePool, 3_000);
        // The probe's connection (and the statement's, should it not reuse it): none for the 20
        // connects given up, which pg would otherwise serve first, one new connection each.
        expect(connections() - before).toBeLessThanOrEqual(2);
      } finally {
        proxy.restore();
        await outagePool.end();
      }
    });

    it('takes a statement the server never answers for an outage, though its timeout fires up to 1 ms early by performance.now()', async () => {
      // Node's timers count whole milliseconds: a timeout set late in a millisecond fires up to that
      // fraction early by a finer clock. Statements sent late in a millisecond, a few times over.
      for (let attempt = 0; attempt < 10; attempt++) {
        const { outagePool } = throughProxy(1, 100);
        try {
          const client = await outagePool.connect();
          await client.query('select 1', []);
          proxy.cut();
          while (process.hrtime.bigint() % 1_000_000n < 900_000n) {
            // late in the millisecond
          }
          expect(await failureOf(client), `attempt ${attempt}`).toBeInstanceOf(DatabaseUnreachableError);
        } finally {
          proxy.restore();
          await outagePool.end();
        }
      }
    });
  },
);
