/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';

type DatabaseError = { code?: unknown; constraint?: unknown };

/** A unique violation of the named constraint or index, as reported by `pg` and by PGlite alike. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as DatabaseError;
  return code === UNIQUE_VIOLATION && violated === constraint;
}
