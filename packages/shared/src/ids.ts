import { z } from "./zod.ts";

/**
 * Every row id is a PostgreSQL `integer` (serial). A larger number names no
 * row, and the database refuses to even compare it (numeric out of range), so
 * it is refused here, with the other invalid ids, instead of as a 500.
 */
export const MAX_ID = 2_147_483_647;

/** A row id from a path, query or body: digits in a string are accepted, as a URL carries them. */
export const rowId = (message?: string) =>
  z.coerce
    .number(message === undefined ? undefined : { error: message })
    .int(message)
    .positive(message)
    .max(MAX_ID, message);
