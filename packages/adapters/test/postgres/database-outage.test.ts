import { openDatabase, type Database } from '@accounts/adapters';
import {
  createServerTestDatabase,
  startTcpProxy,
  type TcpProxy,
  type TestDatabase,
  wallClockSkipReason,
} from '@accounts/adapters/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const serverUrl = process.env.DATABASE_URL;
const STATEMENT_TIMEOUT_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `select 1` until it is answered; how long that took after the call. */
async function answeredWithin(db: Kysely<Database>, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await sql`select 1`.execute(db);
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > limitMs) throw error;
      await sleep(50);
    }
  }
}

// The outage contract's own bounds (DATABASE_STATEMENT_TIMEOUT_MS + 1 s, every statement failing
// at once while the server is silent) by the wall clock: on the PostgreSQL job, never under LOADED=1.
describe.skipIf(!serverUrl?.startsWith('postgres'))(
  'PostgreSQL behind a connection that fails',
  { tags: ['wall-clock'] },
  () => {
    beforeEach((context) => {
      const unmeasured = wallClockSkipReason();
      if (unmeasured) context.skip(unmeasured);
    });
    let database: TestDatabase;
    let proxy: TcpProxy;
    let proxiedUrl: string;

    beforeAll(async () => {
      database = await createServerTestDatabase(serverUrl ?? '');
      const target = new URL(database.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(database.url);
      proxied.host = proxy.address;
      proxiedUrl = proxied.toString();
    });
    afterAll(async () => {
      await proxy.close();
      await database.close();
    });

    it('survives connections reset under checked-out clients, and answers again afterwards', async () => {
      const handle = await openDatabase(proxiedUrl, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
      try {
        const inFlight = Array.from({ length: 4 }, () => sql`select pg_sleep(0.5)`.execute(handle.db));
        const inTransaction = handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await sql`select pg_sleep(0.5)`.execute(trx);
        });
        await new Promise((resolve) => setTimeout(resolve, 150));
        proxy.reset();
        const results = await Promise.allSettled([...inFlight, inTransaction]);
        expect(results.every((result) => result.status === 'rejected')).toBe(true);
        // The pool kept no broken client: every one of several queries in parallel succeeds.
        const after = await Promise.all(
          Array.from({ length: 6 }, () => sql<{ one: number }>`select 1 as one`.execute(handle.db)),
        );
        expect(after.map((result) => result.rows[0]?.one)).toEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        await handle.close();
      }
    });

    it('gives up on a query the server never receives, within the statement timeout and a margin', async () => {
      const handle = await openDatabase(proxiedUrl, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
      try {
        await handle.ping();
        proxy.cut();
        const started = Date.now();
        const outcomes = await Promise.allSettled([
          sql`select 1`.execute(handle.db),
          handle.db.transaction().execute((trx) => sql`select 1`.execute(trx)),
          handle.ping(),
        ]);
        const elapsed = Date.now() - started;
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
        expect(elapsed).toBeLessThan(STATEMENT_TIMEOUT_MS + 1000);
        proxy.restore();
        expect(await answeredWithin(handle.db, 3_000)).toBeLessThan(3_000);
      } finally {
        proxy.restore();
        await handle.close();
      }
    });

    it('meets one timeout per outage: once the server is silent, every statement fails at once, those waiting included, until a probe is answered', async () => {
      const handle = await openDatabase(proxiedUrl, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
      const timed = async (work: () => Promise<unknown>) => {
        const started = Date.now();
        const outcome = await work().then(
          () => 'answered',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        return { outcome, ms: Date.now() - started, endedAt: Date.now() };
      };
      try {
        // Two clients connected beforehand, so both statements below are sent at once.
        await Promise.all([sql`select pg_sleep(0.05)`.execute(handle.db), handle.ping()]);
        proxy.cut();
        const cutAt = Date.now();
        const first = timed(() => sql`select 1`.execute(handle.db));
        await sleep(600);
        // Sent 600 ms later: on its own it would wait until 600 ms + the client's timeout.
        const second = timed(() => handle.db.transaction().execute((trx) => sql`select 1`.execute(trx)));
        const [a, b] = await Promise.all([first, second]);
        expect(a.outcome).not.toBe('answered');
        expect(b.outcome).toBe('The database server is not answering');
        expect(b.endedAt - cutAt).toBeLessThan(STATEMENT_TIMEOUT_MS + 500);

        // Silent now: statements fail at once, on a new connection or in a transaction alike.
        for (const work of [
          () => sql`select 1`.execute(handle.db),
          () => handle.db.transaction().execute((trx) => sql`select 1`.execute(trx)),
          () => handle.ping(),
        ]) {
          const failed = await timed(work);
          expect(failed.outcome).toBe('The database server is not answering');
          expect(failed.ms).toBeLessThan(100);
        }

        // Back: a probe in the background finds the server answering, and everything runs again.
        proxy.restore();
        expect(await answeredWithin(handle.db, 3_000)).toBeLessThan(3_000);
        const after = await Promise.all(
          Array.from({ length: 6 }, () => sql<{ one: number }>`select 1 as one`.execute(handle.db)),
        );
        expect(after.map((result) => result.rows[0]?.one)).toEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        proxy.restore();
        await handle.close();
      }
    });
  },
);
