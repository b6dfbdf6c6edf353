import type { Compilable, CompiledQuery } from 'kysely';
import { directRunnerOf } from './direct-statements.js';
import type { DatabaseExecutor } from './schema.js';

/** Where a compiled parameter comes from: an argument of the query (by position), or a constant. */
type Slot = { argument: number } | { constant: unknown };

class Placeholder {
  constructor(readonly argument: number) {}
}

/**
 * A query that is built and compiled once and then only given new parameters: on the hot path
 * (every authenticated request) building and compiling the same query anew costs more CPU than
 * running it. `build` must pass its arguments into the query as they are (no `.toLowerCase()` or
 * other use of their value): it is called once with placeholders, to find where each one lands.
 * The same SQL text each time also lets the prepared-statement cache find it by identity.
 */
export class ReusableQuery<A extends unknown[], R> {
  private compiled: { template: CompiledQuery<R>; slots: Slot[] } | null = null;

  constructor(private readonly build: (...args: A) => Compilable<R>) {}

  /** The compiled query with `args` as its parameters, ready for `db.executeQuery`. */
  with(...args: A): CompiledQuery<R> {
    const { template, slots } = (this.compiled ??= this.compile(args.length));
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    return { query: template.query, queryId: template.queryId, sql: template.sql, parameters };
  }

  /** Runs it on `db` with `args` and resolves with its rows (see allowDirectStatements). */
  async rows(db: DatabaseExecutor, ...args: A): Promise<R[]> {
    const compiled = this.with(...args);
    const direct = directRunnerOf(db);
    if (direct) return (await direct(compiled.sql, compiled.parameters)) as R[];
    return (await db.executeQuery(compiled)).rows;
  }

  private compile(arity: number): { template: CompiledQuery<R>; slots: Slot[] } {
    const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i));
    const template = this.build(...(placeholders as unknown as A)).compile();
    const slots = template.parameters.map((value): Slot =>
      value instanceof Placeholder ? { argument: value.argument } : { constant: value },
    );
    const used = new Set(slots.flatMap((slot) => ('argument' in slot ? [slot.argument] : [])));
    if (used.size !== arity) {
      throw new Error(`ReusableQuery: ${arity - used.size} of ${arity} arguments are not query parameters`);
    }
    return { template, slots };
  }
}
