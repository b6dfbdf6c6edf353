import {
  KyselyAuthFailureRepository,
  KyselyEntitlementRepository,
  KyselySessionRepository,
  KyselyUnitOfWork,
  KyselyUserRepository,
  openDatabase,
  type DatabaseExecutor,
} from '@accounts/adapters';
import { createServerTestDatabase, testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { ok } from '@accounts/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotRead } from '../../src/postgres/hot-reads.js';
import { kyselySubject, OPEN_TIMEOUT_MS, openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();
const serverUrl = process.env.DATABASE_URL;
const HOT_READ_NAMES = [
  'accounts_auth_failures',
  'accounts_entitlement_with_flags',
  'accounts_metadata_with_flags',
  'accounts_session_gate',
  'accounts_user_by_id',
  'accounts_user_flags',
];

/** Runs every hot read once on `db`. */
async function runHotReads(db: DatabaseExecutor, userId: string): Promise<void> {
  await new KyselyUserRepository(db).findById(userId);
  await new KyselyUserRepository(db).findFlags(userId);
  await new KyselyEntitlementRepository(db).findWithAccountFlags(userId, 'DROP');
  await new KyselyEntitlementRepository(db).findMetadataWithAccountFlags(userId, 'DROP');
  await new KyselySessionRepository(db).findGate(userId, 'sid:s');
  await new KyselyAuthFailureRepository(db).find(userId, '192.0.2.1');
}

/** The named statements prepared on the connection of `db` (a transaction keeps one). */
async function preparedOn(db: DatabaseExecutor): Promise<{ name: string; statement: string }[]> {
  const result = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements order by name`.execute(db);
  return result.rows;
}

describe.each(targets)('hot reads through Kysely: $label', (target) => {
  const database = openForSuite(target.create);

  it("read the transaction's own uncommitted changes inside it, and the committed state outside", async () => {
    const subject = kyselySubject(database);
    const user = await subject.addUser();

    await new KyselyUnitOfWork(database.db).run(async (tx) => {
      expect(await tx.users.changeFlags(user.id, { from: { disabled: false }, to: { disabled: true } })).toBe(
        true,
      );
      expect(await tx.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
      expect((await tx.entitlements.findWithAccountFlags(user.id, 'DROP')).flags).toEqual({
        disabled: true,
        banned: false,
      });
      // Outside, meanwhile: another connection of the pool, which does not see it yet (PGlite has
      // one session only, so that read would wait for this transaction to end).
      if (target.label !== 'pglite') {
        expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: false, banned: false });
      }
      return ok();
    });

    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
  });

  it("put each call's arguments where the compilation left them, beside the query's own values", async () => {
    const user = await kyselySubject(database).addUser({ email: 'hot-read@example.com' });
    // The arguments in the other order than the parameters, and a value of the query between them.
    const read = new HotRead((db, id: string, email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email)
        .where('disabled', '=', false)
        .where('id', '=', id),
    );
    expect(await read.first(database.db, user.id, 'hot-read@example.com')).toEqual({
      id: user.id,
      email: 'hot-read@example.com',
    });
    expect(await read.first(database.db, user.id, 'other@example.com')).toBeUndefined();
  });

  it('keep answering on the same connection after a migration adds a column to the tables they read', async () => {
    const user = await kyselySubject(database).addUser();
    await database.db.transaction().execute(async (trx) => {
      await runHotReads(trx, user.id);
      await sql`alter table users add column added_by_a_later_release text`.execute(trx);
      await sql`alter table service_access add column added_by_a_later_release text`.execute(trx);
      // A prepared `select *` fails here with "cached plan must not change result type".
      await runHotReads(trx, user.id);
      expect(await new KyselyUserRepository(trx).findFlags(user.id)).toEqual({
        disabled: false,
        banned: false,
      });
      await sql`alter table users drop column added_by_a_later_release`.execute(trx);
      await sql`alter table service_access drop column added_by_a_later_release`.execute(trx);
    });
  });
});

describe('a hot read', () => {
  it('that leaves one of its arguments out fails where it is defined, not on its first call', () => {
    expect(
      () =>
        new HotRead((db, id: string, _unused: string) =>
          db.selectFrom('users').select('id').where('id', '=', id),
        ),
    ).toThrow('A hot read does not use 1 of its arguments');
  });
});

describe.skipIf(!serverUrl?.startsWith('postgres'))('DATABASE_PREPARED_STATEMENTS on PostgreSQL', () => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await createServerTestDatabase(serverUrl ?? '');
    userId = (await kyselySubject(database).addUser()).id;
  }, OPEN_TIMEOUT_MS);
  afterAll(() => database.close());

  it('on (the default): each hot read is a named prepared statement, its columns named', async () => {
    const prepared = await database.db.transaction().execute(async (trx) => {
      await runHotReads(trx, userId);
      return preparedOn(trx);
    });
    expect(prepared.map((statement) => statement.name)).toEqual(HOT_READ_NAMES);
    for (const { statement } of prepared) expect(statement).not.toMatch(/\*/);
  });

  it('off: the same reads answer alike, and nothing is prepared', async () => {
    const unnamed = await openDatabase(database.url, { preparedStatements: false });
    try {
      const prepared = await unnamed.db.transaction().execute(async (trx) => {
        await runHotReads(trx, userId);
        expect(await new KyselyUserRepository(trx).findFlags(userId)).toEqual({
          disabled: false,
          banned: false,
        });
        return preparedOn(trx);
      });
      expect(prepared).toEqual([]);
    } finally {
      await unnamed.close();
    }
  });
});
