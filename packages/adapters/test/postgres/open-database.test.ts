import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertUser, isPostgresUrl, migrateToLatest, openDatabase } from '@accounts/adapters';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, OPEN_TIMEOUT_MS } from './contract-subjects.js';

describe('openDatabase', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'keeps an embedded database across close and reopen',
    async () => {
      const parent = await mkdtemp(join(tmpdir(), 'accounts-pglite-'));
      dirs.push(parent);
      const dataDir = join(parent, 'nested', 'pglite');

      const first = await openDatabase(undefined, { dataDir });
      expect(first.dialect).toBe('pglite');
      expect(await migrateToLatest(first.db)).toEqual(MIGRATION_NAMES);
      await insertUser(first.db, { id: 'kept', email: 'kept@example.com', passwordHash: null });
      await first.close();

      const second = await openDatabase(undefined, { dataDir });
      try {
        expect(await migrateToLatest(second.db)).toEqual([]);
        const row = await second.db.selectFrom('users').select(['id', 'email']).executeTakeFirst();
        expect(row).toEqual({ id: 'kept', email: 'kept@example.com' });
      } finally {
        await second.close();
      }
    },
    OPEN_TIMEOUT_MS,
  );

  it(
    'serializes transactions on the single embedded connection',
    async () => {
      const handle = await openDatabase('pglite://memory');
      try {
        await handle.ping();
        await sql`create table counter (n integer not null)`.execute(handle.db);
        await sql`insert into counter values (0)`.execute(handle.db);
        await Promise.all(
          Array.from({ length: 10 }, () =>
            handle.db.transaction().execute(async (trx) => {
              const { n } = await trx
                .selectFrom('counter' as never)
                .select(sql<number>`n`.as('n'))
                .executeTakeFirstOrThrow();
              await new Promise((resolve) => setTimeout(resolve, 5));
              await sql`update counter set n = ${n + 1}`.execute(trx);
            }),
          ),
        );
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(handle.db);
        expect(rows).toEqual([{ n: 10 }]);
      } finally {
        await handle.close();
      }
    },
    OPEN_TIMEOUT_MS,
  );

  it(
    'sets statement_timeout for the embedded session (5 s unless told otherwise)',
    async () => {
      for (const [options, expected] of [
        [{}, '5s'],
        [{ statementTimeoutMs: 250 }, '250ms'],
      ] as const) {
        const handle = await openDatabase('pglite://memory', options);
        try {
          const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(
            handle.db,
          );
          expect(rows).toEqual([{ statement_timeout: expected }]);
        } finally {
          await handle.close();
        }
      }
    },
    OPEN_TIMEOUT_MS,
  );

  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
    'cancels a PostgreSQL statement that runs longer than statementTimeoutMs, on every pooled connection',
    async () => {
      // Not much less than 1 s: a loaded machine can stall the process past the client's own limit.
      const handle = await openDatabase(process.env.DATABASE_URL, { statementTimeoutMs: 1_000 });
      try {
        const started = Date.now();
        const failures = await Promise.all(
          [1, 2, 3].map(() => sql`select pg_sleep(4)`.execute(handle.db).catch((error: unknown) => error)),
        );
        expect(Date.now() - started).toBeLessThan(3_000);
        for (const failure of failures) expect(failure).toMatchObject({ code: '57014' });
        await expect(sql`select pg_sleep(0.05)`.execute(handle.db)).resolves.toBeDefined();
      } finally {
        await handle.close();
      }
    },
  );

  it.each(['mysql://localhost/db', 'not a url', '', 'postgres://'])(
    'rejects %j naming DATABASE_URL',
    async (url) => {
      await expect(openDatabase(url)).rejects.toThrow(/DATABASE_URL/);
    },
  );

  it('recognises PostgreSQL URLs whatever the case of the scheme', () => {
    for (const url of ['postgres://u@h/db', 'postgresql://h', 'POSTGRES://h/db', 'PostgreSQL://h']) {
      expect(isPostgresUrl(url)).toBe(true);
    }
    for (const url of ['postgres://', 'postgres:/h', 'mysql://h/db', 'pglite://memory', ' postgres://h']) {
      expect(isPostgresUrl(url)).toBe(false);
    }
  });

  it('does not repeat the credentials of a rejected URL', async () => {
    const error = await openDatabase('mysql://admin:hunter2@localhost/db').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('hunter2');
  });

  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('opens a pool on a PostgreSQL URL', async () => {
    const handle = await openDatabase(process.env.DATABASE_URL);
    try {
      expect(handle.dialect).toBe('postgres');
      await handle.ping();
    } finally {
      await handle.close();
    }
  });

  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
    'runs statements other than the hot reads unnamed: nothing of theirs is prepared (hot-reads.test.ts)',
    async () => {
      const handle = await openDatabase(process.env.DATABASE_URL);
      try {
        const prepared = await handle.db.connection().execute(async (connection) => {
          for (const name of ['pg_class', 'pg_type', 'pg_proc']) {
            await sql`select oid from pg_class where relname = ${name}`.execute(connection);
          }
          await sql`select relkind from pg_class where relname = ${'pg_class'}`.execute(connection);
          const { rows } = await sql<{ statement: string }>`
            select statement from pg_prepared_statements where statement like ${'% from pg_class %'} order by statement
          `.execute(connection);
          return rows.map((row) => row.statement);
        });
        expect(prepared).toEqual([]);
      } finally {
        await handle.close();
      }
    },
  );
});
