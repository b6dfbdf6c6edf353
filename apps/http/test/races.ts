import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Service } from '../src/composition-root.js';

// What the race tests share: requests let go together, and the checks of their answers and of
// what an account leaves behind.

/**
 * Starts `requests` while a transaction holds the database, and lets them go together. The
 * embedded database runs one query at a time in this process: held, every request's queries
 * queue up and then take turns, so each reads before any of them writes, as they would on a
 * server with a pool.
 */
export async function together<T>(db: Service['database']['db'], requests: () => Promise<T>[]): Promise<T[]> {
  const started = await db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    const pending = requests();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { pending };
  });
  return Promise.all(started.pending);
}

/** The status and JSON body of an answer. */
type Answer = { status: number; body: Record<string, unknown> };

/** The answer of a delete-account that went through, beside the requests a race test runs with it. */
export const DELETED = { status: 200, body: { success: true, message: 'Account deleted successfully' } };
/** The refusal of a request that came after its account was deleted. */
export const USER_NOT_FOUND = { status: 404, code: 'USER_NOT_FOUND' };
/** The status and error code of an answer. */
export const refusal = (answer: Answer | undefined) => ({ status: answer?.status, code: answer?.body.code });

/** No answer among `answers` is a 5xx; when one is, all of them are shown. */
export const expectNoServerError = (answers: Answer[]) =>
  expect(
    answers.filter((answer) => answer.status >= 500),
    JSON.stringify(answers),
  ).toEqual([]);

type AccountTable =
  | 'users'
  | 'service_access'
  | 'domain_verifications'
  | 'backup_codes'
  | 'passkeys'
  | 'passkey_challenges'
  | 'audit_logs';

/** How many rows of each of `tables` the account `userId` has: all 0 once it is deleted. */
export async function rowsOf(
  db: Service['database']['db'],
  userId: string,
  tables: readonly AccountTable[],
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(table === 'users' ? 'id' : 'user_id', '=', userId)
      .executeTakeFirstOrThrow();
    rows[table] = Number(n);
  }
  return rows;
}
