/**
 * Recognising database errors that a service turns into a Chinese 409, on both databases. Anything
 * else stays an error and becomes a plain 500 (its text never reaches the client).
 */

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/** A unique index refused the row: SQLite `SQLITE_CONSTRAINT_UNIQUE`/`…_PRIMARYKEY`, PostgreSQL 23505. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** A foreign key refused the change: SQLite `SQLITE_CONSTRAINT_FOREIGNKEY`, PostgreSQL 23503. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};

/** PostgreSQL gave up a serializable transaction that raced another one (40001). */
export const isSerializationFailure = (error: unknown): boolean => codeOf(error) === '40001';
