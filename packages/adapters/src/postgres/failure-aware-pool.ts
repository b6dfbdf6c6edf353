import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnreachableError, ServerReachability, type OutageListener } from './server-reachability.js';

/** The name a statement's SQL text is prepared under, or undefined to run it unnamed. */
type StatementName = (sql: string) => string | undefined;

export type FailureAwarePoolOptions = {
  /** Each pool's `max`: a connect that must wait for a busy client is not a connection attempt. */
  maxClients: number;
  /** Each pool's `query_timeout`: a connection failure after this long means the server never answered. */
  queryTimeoutMs: number;
  statementName?: StatementName;
  /** Told once when the server falls silent and once when it answers again. */
  onOutage?: OutageListener;
};

const UNNAMED: StatementName = () => undefined;

/**
 * Node's timers count whole milliseconds: pg's query timeout can fire up to 1 ms before its delay
 * has passed by `performance.now()` (then the outage went unmarked, and each statement met a
 * timeout of its own).
 */
const TIMER_RESOLUTION_MS = 1;

/**
 * Kysely's documented `PostgresPool` over pg pools `newPool` makes, for three reasons: a client
 * whose connection failed (reset, or a query the client timed out because the server never
 * answered) is destroyed when Kysely releases it, instead of going back to the pool to fail the
 * next request too; while the server is not answering, statements fail at once instead of each
 * waiting out a timeout (ServerReachability); and a statement `statementName` names runs as a
 * named prepared statement, through pg's documented query config `{ name, text, values }`
 * (planned once per connection).
 *
 * An outage ends the pool it meets and a new one serves the probe and what follows: the old
 * pool's connections are dead or in doubt, and the connects waiting in its queue (for a busy
 * client when the server fell silent) are nobody's, yet pg would serve each of them a connection
 * of its own after the server's return, before the probe's.
 */
export function failureAwarePool(newPool: () => pg.Pool, options: FailureAwarePoolOptions): PostgresPool {
  const reachability = new ServerReachability(() => answers(pool), {
    started: (cause) => {
      const met = pool;
      pool = watched(newPool());
      // It ends once its clients are back; the connects waiting in it time out unserved.
      met.end().catch(() => undefined);
      options.onOutage?.started(cause);
    },
    ended: (durationMs) => options.onOutage?.ended(durationMs),
  });
  const settings: ClientSettings = {
    queryTimeoutMs: options.queryTimeoutMs,
    statementName: options.statementName ?? UNNAMED,
    reachability,
  };
  // One wrapper per pg client, for the client's life: Kysely keeps its connection object per
  // client it is given, and the wrapper's error listener remembers what broke the connection.
  const wrappers = new WeakMap<pg.PoolClient, CheckedOutClient>();
  const wrapperOf = (client: pg.PoolClient) => {
    let wrapper = wrappers.get(client);
    if (wrapper === undefined) {
      wrapper = new CheckedOutClient(client, settings);
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  // Every client gets its listener as it connects, before anyone checks it out.
  const watched = (fresh: pg.Pool) => fresh.on('connect', (client) => void wrapperOf(client));
  let pool = watched(newPool());
  return {
    async connect() {
      // In an outage a connect fails at once without asking pg's pool: each it asked for would wait
      // its connection timeout in the pool's queue for nobody, and the probe's connect behind them.
      if (reachability.outage) throw reachability.outage;
      const mustWait = pool.idleCount === 0 && pool.totalCount >= options.maxClients;
      const connecting = pool.connect();
      try {
        return wrapperOf(await reachability.whileAnswering(connecting));
      } catch (error) {
        // A client that arrives after this connect gave up is nobody's: it is destroyed.
        connecting.then(
          (late) => late.release(true),
          () => undefined,
        );
        if (!mustWait) reachability.silent(asError(error));
        throw error;
      }
    },
    end: () => {
      reachability.stop();
      return pool.end();
    },
  };
}

/** Resolves when the server answers a statement on a connection of the pool (bounded by its timeouts). */
async function answers(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select 1');
  } catch (error) {
    failure = asError(error);
    throw error;
  } finally {
    client.release(failure);
  }
}

type ClientSettings = {
  queryTimeoutMs: number;
  statementName: StatementName;
  reachability: ServerReachability;
};

/** A pg client as Kysely uses it; one that broke is destroyed on release, never handed out again. */
class CheckedOutClient implements PostgresPoolClient {
  #broken: Error | undefined;
  readonly #client: pg.PoolClient;
  readonly #settings: ClientSettings;

  constructor(client: pg.PoolClient, settings: ClientSettings) {
    this.#client = client;
    this.#settings = settings;
    // A checked-out client has no listener of the pool's; without one, a reset kills the process.
    client.on('error', (error) => {
      this.#broken ??= error;
    });
  }

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: readonly unknown[],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      // Kysely streams only with a `cursor` in the dialect's configuration, and this one has none.
      throw new Error('Streaming queries need a cursor in the PostgreSQL dialect configuration');
    }
    // A rollback after a failed connection would wait for the same dead server: fail at once.
    this.#broken ??= this.#settings.reachability.outage;
    if (this.#broken) return Promise.reject(this.#broken);
    const { reachability, statementName, queryTimeoutMs } = this.#settings;
    // Kysely hands over a copy of its parameters, and pg only reads them.
    const values = (parameters ?? []) as unknown[];
    const name = statementName(sqlOrCursor);
    const sentAt = performance.now();
    // A statement without a name goes as text and values: pg copies a query config object it is given.
    const sent =
      name === undefined
        ? this.#client.query<R & pg.QueryResultRow>(sqlOrCursor, values)
        : this.#client.query<R & pg.QueryResultRow>({ name, text: sqlOrCursor, values });
    // Only what Kysely reads passes the outage watch: with pg's whole result in it (the field
    // descriptions, the parsers), each young collection promoted twice as much and the peak RSS
    // under load was higher (measured in 3f0ef87).
    const answered = sent.then((result) => ({
      command: result.command as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? 0,
      rows: result.rows,
    }));
    return reachability.whileAnswering(answered).catch((error: unknown) => {
      // Given up on in an outage, this connection is in an unknown state: it is never reused.
      if (error instanceof DatabaseUnreachableError) {
        this.#broken ??= error;
        throw error;
      }
      // Errors the server reported leave the connection usable, but for a FATAL or PANIC one: the
      // server ends the session (a terminated backend, a shutdown), and the socket's close may
      // arrive only after this client went back to the pool.
      if (error instanceof pg.DatabaseError && !endsSession(error)) throw error;
      const failure = asError(error);
      this.#broken ??= failure;
      // A reset connection says little of the others; a server that never answered, much.
      if (performance.now() - sentAt >= queryTimeoutMs - TIMER_RESOLUTION_MS) {
        reachability.silent(failure);
        // The outage it started (or met) is what every statement in flight meets, this one too.
        throw reachability.outage ?? error;
      }
      throw error;
    });
  }

  release(): void {
    // With an error, pg's pool destroys the client rather than keeping it.
    this.#client.release(this.#broken);
  }
}

function endsSession(error: pg.DatabaseError): boolean {
  return error.severity === 'FATAL' || error.severity === 'PANIC';
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
