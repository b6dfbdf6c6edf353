import {
  createMigrator,
  EMAIL_LOWER_INDEX,
  migrateToLatest,
  migrations,
  openDatabase,
} from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, openForSuite } from './contract-subjects.js';

const MIGRATION = '006_email_case_insensitive';
const targets = await testDatabaseTargets();

describe.each(targets)('emails unique regardless of case: $label', (target) => {
  const database = openForSuite(target.create);
  const insert = (id: string, email: string) =>
    sql`insert into users (id, email) values (${id}, ${email})`.execute(database.db);

  it('refuses a second user whose email differs only in case', async () => {
    await insert('case-1', 'Ann@Example.com');
    await expect(insert('case-2', 'ann@example.com')).rejects.toMatchObject({
      code: '23505',
      constraint: EMAIL_LOWER_INDEX,
    });
  });

  it(`${MIGRATION} refuses, naming the accounts, when existing emails differ only in case`, async () => {
    // Back to the state before the migration, with rows it cannot index.
    await sql`drop index ${sql.id(EMAIL_LOWER_INDEX)}`.execute(database.db);
    await insert('bob-1', 'bob@example.com');
    await insert('bob-2', 'BOB@example.com');
    await insert('eve-1', 'eve@example.com');
    await insert('eve-2', 'Eve@example.com');
    const up = (db: typeof database.db) => migrations[MIGRATION]!.up(db);

    const message = await up(database.db).then(
      () => 'migrated',
      (error: unknown) => (error as Error).message,
    );
    expect(message).toContain('2 group(s)');
    expect(message).toContain('BOB@example.com (id bob-2), bob@example.com (id bob-1)');
    expect(message).toContain('Eve@example.com (id eve-2), eve@example.com (id eve-1)');

    await sql`delete from users where id in ('bob-2', 'eve-2')`.execute(database.db);
    await up(database.db);
    await expect(insert('bob-3', 'Bob@Example.com')).rejects.toMatchObject({ code: '23505' });
  });
});

describe(`${MIGRATION} in a migration run`, () => {
  // Every migration on a fresh embedded database (initdb included): minutes on a loaded machine.
  it(
    'stops the run with the migration named and leaves the rows as they were',
    { timeout: OPEN_TIMEOUT_MS },
    async () => {
      const database = await openDatabase('pglite://memory');
      try {
        // Every migration before this one, so the run that fails is this migration's alone.
        const names = Object.keys(migrations).sort();
        const previous = names[names.indexOf(MIGRATION) - 1] ?? '';
        await createMigrator(database.db).migrateTo(previous);
        await sql`insert into users (id, email) values ('a', 'dup@example.com'), ('b', 'Dup@Example.com')`.execute(
          database.db,
        );
        await expect(migrateToLatest(database.db)).rejects.toThrow(
          new RegExp(`Database migration ${MIGRATION} failed: .*differ only in case`),
        );
        const { rows } = await sql<{ id: string }>`select id from users order by id`.execute(database.db);
        expect(rows.map((row) => row.id)).toEqual(['a', 'b']);

        await sql`update users set email = 'dup2@example.com' where id = 'b'`.execute(database.db);
        // This migration now goes through, and whatever came after it.
        expect(await migrateToLatest(database.db)).toEqual(names.slice(names.indexOf(MIGRATION)));
      } finally {
        await database.close();
      }
    },
  );
});
