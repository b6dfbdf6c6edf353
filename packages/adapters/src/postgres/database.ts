import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { failureAwarePool } from './failure-aware-pool.js';
import { hotReadNames } from './hot-reads.js';
import { PgliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';
import type { OutageListener } from './server-reachability.js';

export type DatabaseDialect = 'postgres' | 'pglite';

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** Where the embedded database keeps its files when no URL is given. */
  dataDir?: string;
  /** Longest a statement may run before the server cancels it; default 5000. */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL only: run the hot reads (hot-reads.ts) as named prepared statements; default true.
   * False for a pooler that cannot keep them, such as PgBouncer before 1.21 in transaction mode.
   */
  preparedStatements?: boolean;
  /**
   * `pglite://memory` only: start from this data directory (PGlite's `dumpDataDir`) instead of an
   * empty database, e.g. a copy of one already migrated.
   */
  loadDataDir?: Blob;
  /** PostgreSQL only: told once when the server stops answering (with the cause) and once when it is back. */
  onOutage?: OutageListener;
};

export const DEFAULT_DATA_DIR = '.data/pglite';
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
export const IN_MEMORY_URL = 'pglite://memory';
/** How much longer than statement_timeout the client waits for an answer before giving up on the connection. */
const CLIENT_TIMEOUT_MARGIN_MS = 250;
/** Connections per process: pg's own default, named because the pool's wrapper must know it. */
const POOL_SIZE = 10;

/** A `postgres://` or `postgresql://` URL with something after the scheme (schemes are case-insensitive). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\/./i.test(url);
}

/**
 * `url` undefined: embedded PGlite persisted under `dataDir`, which one process at a time may
 * open (else DatabaseLockedError); `pglite://memory`: a throw-away embedded database;
 * `postgres://` or `postgresql://`: a PostgreSQL server through a `pg` pool.
 */
export async function openDatabase(url?: string, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  if (url === undefined) {
    const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
    await mkdir(dataDir, { recursive: true });
    const lock = lockDataDir(dataDir);
    try {
      return await openPglite(dataDir, statementTimeoutMs, lock);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  if (url === IN_MEMORY_URL) return openPglite(options.loadDataDir, statementTimeoutMs, null);
  if (isPostgresUrl(url)) {
    return openPostgres(url, statementTimeoutMs, options.preparedStatements ?? true, options.onOutage);
  }
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0];
  throw new Error(
    `DATABASE_URL must be a postgres:// or postgresql:// URL, or ${IN_MEMORY_URL}; ` +
      (scheme ? `the scheme "${scheme}" is not supported` : 'the value is not a URL'),
  );
}

/**
 * PGlite runs its engine on this thread, so no timer fires while a statement runs: the session's
 * statement_timeout is set for parity, but a running statement cannot be interrupted.
 */
async function openPglite(
  dataDir: string | Blob | undefined,
  statementTimeoutMs: number,
  lock: DataDirLock | null,
): Promise<DatabaseHandle> {
  // Loaded only for the embedded database: a server on PostgreSQL never needs it.
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await (dataDir instanceof Blob
    ? PGlite.create({ loadDataDir: dataDir })
    : PGlite.create(dataDir));
  try {
    await client.exec(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
  } catch (error) {
    await client.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PgliteDialect(client) });
  return handle(db, 'pglite', () => lock?.release());
}

function openPostgres(
  url: string,
  statementTimeoutMs: number,
  preparedStatements: boolean,
  onOutage?: OutageListener,
): Promise<DatabaseHandle> {
  const queryTimeoutMs = statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS;
  // A new pool after each outage (failure-aware-pool.ts). An idle client losing its connection must
  // not crash the process: the next query reports it.
  const newPool = () =>
    new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      // The server enforces statement_timeout only on statements it receives: while the network
      // drops packets, connecting and each query are bounded on this side as well.
      connectionTimeoutMillis: statementTimeoutMs,
      statement_timeout: statementTimeoutMs,
      query_timeout: queryTimeoutMs,
    }).on('error', () => undefined);
  const names = preparedStatements ? hotReadNames() : new Map<string, string>();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: failureAwarePool(newPool, {
        maxClients: POOL_SIZE,
        queryTimeoutMs,
        statementName: (text) => names.get(text),
        ...(onOutage ? { onOutage } : {}),
      }),
    }),
  });
  return Promise.resolve(handle(db, 'postgres'));
}

function handle(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  afterClose: () => void = () => undefined,
): DatabaseHandle {
  let closing: Promise<void> | null = null;
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    close() {
      closing ??= db.destroy().finally(afterClose);
      return closing;
    },
  };
}
