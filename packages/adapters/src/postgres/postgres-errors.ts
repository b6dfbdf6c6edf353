/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';

type DatabaseError = { code?: unknown; constraint?: unknown };

/** A unique violation of the named constraint or index, as reported by `pg` and by PGlite alike. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as DatabaseError;
  return code === UNIQUE_VIOLATION && violated === constraint;
}

/** SQLSTATE of a foreign-key violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/** A foreign-key violation (a row that refers to one deleted meanwhile), as `pg` and PGlite report it. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as DatabaseError).code === FOREIGN_KEY_VIOLATION
  );
}
