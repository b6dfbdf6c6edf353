import { openDatabase } from '@accounts/adapters';
import {
  createServerTestDatabase,
  startTcpProxy,
  type TcpProxy,
  type TestDatabase,
} from '@accounts/adapters/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverUrl = process.env.DATABASE_URL;
const STATEMENT_TIMEOUT_MS = 1000;

describe.skipIf(!serverUrl?.startsWith('postgres'))('PostgreSQL behind a connection that fails', () => {
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
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      proxy.restore();
      await handle.close();
    }
  });
});
