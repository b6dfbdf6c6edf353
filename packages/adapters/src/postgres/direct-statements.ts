import type { DatabaseExecutor } from './schema.js';

/** Runs one statement outside Kysely, on its own (no transaction): its text and parameters in, its rows out. */
export type DirectRunner = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;

const runners = new WeakMap<object, DirectRunner>();

/**
 * Lets ReusableQuery run its statements on `db` without Kysely's executor: for a query that is already
 * compiled, Kysely adds half a dozen awaits and several objects per call (connection provider,
 * driver, result transformation), as much CPU as the query itself on the hot authenticated read
 * and on each password check's reservation and reset (single statements, each its own commit).
 * Only the root database registers one, never a transaction, which keeps its own connection.
 */
export function allowDirectStatements(db: DatabaseExecutor, runner: DirectRunner): void {
  runners.set(db, runner);
}

export function directRunnerOf(db: DatabaseExecutor): DirectRunner | undefined {
  return runners.get(db);
}
