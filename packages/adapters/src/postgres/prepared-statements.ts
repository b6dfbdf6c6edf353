import { createHash } from 'node:crypto';
import pg from 'pg';

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** The queries here are few and fixed in shape; past this many, new shapes run unnamed. */
const MAX_NAMED_STATEMENTS = 500;

type QueryFunction = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Runs parameterised statements as named prepared statements, so PostgreSQL plans each query
 * shape once per connection instead of on every call (planning is most of the cost of the
 * short indexed queries this service makes). Kysely passes `(sql, parameters)`; pg keeps the
 * per-connection registry and only records a name once the server has parsed it.
 */
export function usePreparedStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `kysely_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    const named: QueryFunction = (text, values, callback) => {
      if (
        typeof text === 'string' &&
        Array.isArray(values) &&
        callback === undefined &&
        PREPARABLE.test(text)
      ) {
        const name = nameOf(text);
        if (name !== undefined) return submitNamed(query, name, text, values);
      }
      return query(text, values, callback);
    };
    (client as unknown as { query: QueryFunction }).query = named;
  });
  return pool;
}

/**
 * `client.query({ name, text, values })` as a promise, without the copy pg makes of a config
 * object on every call (a property-descriptor clone that showed in the profile of the hot read):
 * a Query built from the text is given its name, and submitted as it is.
 */
function submitNamed(query: QueryFunction, name: string, text: string, values: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const submitted = new pg.Query(text, values, (error: Error | undefined, result: unknown) =>
      error ? reject(error) : resolve(result),
    );
    // Not in @types/pg's Query, but what pg reads to prepare it under that name (query.js).
    (submitted as unknown as { name: string }).name = name;
    query(submitted);
  });
}
