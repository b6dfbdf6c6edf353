import { createHash } from 'node:crypto';
import type pg from 'pg';

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
        if (name !== undefined) return query({ name, text, values });
      }
      return query(text, values, callback);
    };
    (client as unknown as { query: QueryFunction }).query = named;
  });
  return pool;
}
