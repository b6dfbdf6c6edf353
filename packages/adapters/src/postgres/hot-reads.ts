import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { ENTITLEMENT_COLUMNS } from './entitlement.mapper.js';
import type { Database, DatabaseExecutor } from './schema.js';
import { SESSION_GATE_COLUMNS } from './session.mapper.js';
import { USER_COLUMNS } from './user.mapper.js';

/**
 * Kysely's documented set-up for building and compiling queries without a database (its
 * DummyDriver). PGlite speaks PostgreSQL, so one compilation serves both dialects.
 */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A read compiled once, at load: a call only puts its arguments where the compilation left them. */
export class HotRead<Args extends string[], Row> {
  /** The SQL text, the same string for every call (the prepared statement's name is looked up by it). */
  readonly sql: string;
  readonly #parameters: readonly unknown[];
  /** For each parameter, the index of the argument it takes, or -1 for a value of the query itself. */
  readonly #argumentAt: readonly number[];

  constructor(build: (db: DatabaseExecutor, ...args: Args) => { compile(): CompiledQuery<Row> }) {
    // One marker for each of `build`'s parameters after the executor.
    const markers = Array.from({ length: build.length - 1 }, (_, i) => `\u0000argument ${i}`) as Args;
    const compiled = build(compiler, ...markers).compile();
    this.sql = compiled.sql;
    this.#parameters = compiled.parameters;
    this.#argumentAt = compiled.parameters.map((value) => markers.indexOf(value as string));
    const missing = markers.filter((marker) => !compiled.parameters.includes(marker));
    if (missing.length > 0) throw new Error(`A hot read does not use ${missing.length} of its arguments`);
  }

  /** The first row on `db` (the pool, or a transaction's connection), if any. */
  async first(db: DatabaseExecutor, ...args: Args): Promise<Row | undefined> {
    const parameters = this.#argumentAt.map((at, i) => (at === -1 ? this.#parameters[i] : args[at]));
    const { rows } = await db.executeQuery(CompiledQuery.raw(this.sql, parameters));
    return rows[0] as Row | undefined;
  }
}

/** The account's flags and its entitlement to `service` (none: the `sa` columns are null), in one read. */
const entitlementWithFlags = (db: DatabaseExecutor, userId: string, service: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('service_access as sa', (join) =>
      join.onRef('sa.user_id', '=', 'u.id').on('sa.service', '=', service),
    )
    .select(['u.disabled', 'u.banned', ...ENTITLEMENT_COLUMNS.map((column) => `sa.${column}` as const)])
    .where('u.id', '=', userId);

/**
 * The account's flags and the metadata of its entitlement to `service` (null without one), in one
 * read: the columns GET custom-domain shows and no more, since pg parses each column of each row.
 */
const metadataWithFlags = (db: DatabaseExecutor, userId: string, service: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('service_access as sa', (join) =>
      join.onRef('sa.user_id', '=', 'u.id').on('sa.service', '=', service),
    )
    .select(['u.disabled', 'u.banned', 'sa.metadata'])
    .where('u.id', '=', userId);

/**
 * The reads nearly every request makes, keyed by the name each is prepared under on PostgreSQL
 * (planned once per connection; DATABASE_PREPARED_STATEMENTS=false runs them unnamed). Each names
 * its columns: a prepared `select *` fails with "cached plan must not change result type" once a
 * migration of a rolling deploy adds a column.
 */
const FAILURE_COLUMNS = [
  'u.auth_failures_version',
  'u.account_failures',
  'u.account_failures_since',
  'u.account_locked_until',
  'u.account_locks',
  'f.failures',
  'f.since',
  'f.locked_until',
  'f.locks',
] as const;

/** The account's row with one client's failure counts beside it (none while that client has none). */
function authFailures(db: DatabaseExecutor, userId: string, client: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('auth_failures as f', (join) =>
      join.onRef('f.user_id', '=', 'u.id').on('f.client', '=', client),
    )
    .where('u.id', '=', userId);
}

export const HOT_READS = {
  /** Every password check starts with it. */
  accounts_user_by_id: new HotRead((db, id: string) =>
    db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id),
  ),

  /** The account gate of every authenticated request but GET custom-domain. */
  accounts_user_flags: new HotRead((db, id: string) =>
    db.selectFrom('users').select(['disabled', 'banned']).where('id', '=', id),
  ),

  /** A custom-domain change: the entitlement and the account gate in one. */
  accounts_entitlement_with_flags: new HotRead((db, userId: string, service: string) =>
    entitlementWithFlags(db, userId, service),
  ),

  /** GET custom-domain, after the gate: the metadata, and the account's flags (whether it exists). */
  accounts_metadata_with_flags: new HotRead((db, userId: string, service: string) =>
    metadataWithFlags(db, userId, service),
  ),

  /** The gate of a request with a token: the account's flags, its sign-out moment and the token's session. */
  accounts_session_gate: new HotRead((db, id: string, key: string) =>
    db
      .selectFrom('users as u')
      .leftJoin('sessions as s', (join) => join.onRef('s.user_id', '=', 'u.id').on('s.key', '=', key))
      .select(['u.disabled', 'u.banned', ...SESSION_GATE_COLUMNS])
      .where('u.id', '=', id),
  ),

  /** A password check's failure counts, when this process did not write them last. */
  accounts_auth_failures: new HotRead((db, userId: string, client: string) =>
    authFailures(db, userId, client).select(FAILURE_COLUMNS),
  ),

  /** A re-authentication: the user with its failure counts, before an attempt is reserved. */
  accounts_user_with_auth_failures: new HotRead((db, userId: string, client: string) =>
    authFailures(db, userId, client).select([
      ...USER_COLUMNS.map((column) => `u.${column}` as const),
      ...FAILURE_COLUMNS,
    ]),
  ),
} as const;

/** Each hot read's SQL text to the name it is prepared under. */
export function hotReadNames(): Map<string, string> {
  return new Map(Object.entries(HOT_READS).map(([name, read]) => [read.sql, name]));
}
