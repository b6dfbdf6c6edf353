import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ReusableQuery } from '../../src/postgres/reusable-query.js';
import type { Database } from '../../src/postgres/schema.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('ReusableQuery', () => {
  const query = new ReusableQuery((userId: string, service: string) =>
    db
      .selectFrom('users as u')
      .leftJoin('service_access as sa', (join) =>
        join.onRef('sa.user_id', '=', 'u.id').on('sa.service', '=', service),
      )
      .select(['u.disabled', 'sa.tier'])
      .where('u.id', '=', userId)
      .where('u.banned', '=', false),
  );

  it('puts each argument where the query builder put it, and keeps constants', () => {
    const built = db
      .selectFrom('users as u')
      .leftJoin('service_access as sa', (join) =>
        join.onRef('sa.user_id', '=', 'u.id').on('sa.service', '=', 'DROP'),
      )
      .select(['u.disabled', 'sa.tier'])
      .where('u.id', '=', 'user-1')
      .where('u.banned', '=', false)
      .compile();
    const reused = query.with('user-1', 'DROP');
    expect(reused.sql).toBe(built.sql);
    expect(reused.parameters).toEqual(['DROP', 'user-1', false]);
  });

  it('gives each run its own parameters and the same SQL text', () => {
    const first = query.with('user-1', 'DROP');
    const second = query.with('user-2', 'OTHER');
    expect(second.parameters).toEqual(['OTHER', 'user-2', false]);
    expect(first.parameters).toEqual(['DROP', 'user-1', false]);
    expect(second.sql).toBe(first.sql);
  });

  it('refuses a builder that does not pass an argument into the query as it is', () => {
    const unused = new ReusableQuery((id: string, _ignored: string) =>
      db.selectFrom('users').select('id').where('id', '=', id),
    );
    expect(() => unused.with('user-1', 'x')).toThrow(/1 of 2 arguments are not query parameters/);
  });
});
