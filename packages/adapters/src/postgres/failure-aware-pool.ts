import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

/** The name a statement's SQL text is prepared under, or undefined to run it unnamed. */
export type StatementName = (sql: string) => string | undefined;

const UNNAMED: StatementName = () => undefined;

/**
 * Kysely's documented `PostgresPool` over a pg pool, for two reasons: a client whose connection
 * failed (reset, or a query the client timed out because the server never answered) is destroyed
 * when Kysely releases it, instead of going back to the pool to fail the next request too; and a
 * statement `statementName` names runs as a named prepared statement, through pg's documented
 * query config `{ name, text, values }` (planned once per connection).
 */
export function failureAwarePool(pool: pg.Pool, statementName: StatementName = UNNAMED): PostgresPool {
  // A checked-out client has no listener of the pool's; without one, a reset kills the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    async connect() {
      return new CheckedOutClient(await pool.connect(), statementName);
    },
    end: () => pool.end(),
  };
}

class CheckedOutClient implements PostgresPoolClient {
  #broken: Error | undefined;
  readonly #client: pg.PoolClient;
  readonly #statementName: StatementName;
  readonly #onError = (error: Error) => {
    this.#broken ??= error;
  };

  constructor(client: pg.PoolClient, statementName: StatementName) {
    this.#client = client;
    this.#statementName = statementName;
    client.on('error', this.#onError);
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
    if (this.#broken) return Promise.reject(this.#broken);
    const config: pg.QueryConfig = { text: sqlOrCursor, values: [...(parameters ?? [])] };
    const name = this.#statementName(sqlOrCursor);
    if (name !== undefined) config.name = name;
    return this.#client.query<R & pg.QueryResultRow>(config).then(
      (result) => ({
        command: result.command as PostgresQueryResult<R>['command'],
        rowCount: result.rowCount ?? 0,
        rows: result.rows,
      }),
      (error: unknown) => {
        // Errors the server reported leave the connection usable; anything else does not.
        if (!(error instanceof pg.DatabaseError)) this.#broken ??= asError(error);
        throw error;
      },
    );
  }

  release(): void {
    this.#client.removeListener('error', this.#onError);
    // With an error, pg's pool destroys the client rather than keeping it.
    this.#client.release(this.#broken);
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
