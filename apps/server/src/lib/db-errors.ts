/** Whether a database error carries this SQLSTATE, from pg or PGlite (drizzle wraps it as the cause). */
function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique-constraint violation (23505). */
export const isUniqueViolation = (error: unknown) => hasCode(error, "23505");

/** A foreign-key violation (23503): something still points at the row. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, "23503");
