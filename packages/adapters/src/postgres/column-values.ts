import { sql, type RawBuilder } from 'kysely';
import type { DatabaseExecutor, Int8 } from './schema.js';

/** A `bigint` or `count(*)` as a JS number, whichever driver read it. */
export function toNumber(value: Int8): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${String(value)} is not a safe integer`);
  return number;
}

/** How many rows of `table` belong to the user `userId`. */
export async function countOfUser(
  db: DatabaseExecutor,
  table: 'backup_codes' | 'passkeys',
  userId: string,
): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return toNumber(count);
}

export function toNullableNumber(value: Int8 | null): number | null {
  return value === null ? null : toNumber(value);
}

/**
 * A value for a `jsonb` column, serialized here so that both drivers store the same thing
 * (`pg` would turn an array into a PostgreSQL array). JS null stays SQL NULL, not JSON `null`.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  if (value === null || value === undefined) return sql<T>`null`;
  return sql<T>`cast(${JSON.stringify(value)} as jsonb)`;
}
