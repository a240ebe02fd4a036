import { ADMIN_MESSAGES } from "@skillshelf/shared/admin-forms.ts";
import { toMajor as majorOf, toMinor as minorOf } from "@skillshelf/shared/money.ts";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";

/** The importer's lock: an admin edit never interleaves with an import or another edit. */
const CATALOGUE_LOCK = 7326517002;

/**
 * Runs one admin catalogue change as one transaction, serialized with every
 * other change, so a slug checked free is still free when it is written.
 */
export function catalogueWrite<T>(db: Db, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
    return run(tx);
  });
}

/** A price that may be free (null), in minor units of `currency`. */
export const toMinor = (price: number | null, currency: string): number | null =>
  price === null ? null : minorOf(price, currency);
/** A price that may be free (null), in major units of `currency`. */
export const toMajor = (minor: number | null, currency: string): number | null =>
  minor === null ? null : majorOf(minor, currency);

/**
 * The new order of a list of siblings: the ids given, first to last, then the
 * siblings left out in their current order. An id that is not a sibling is refused.
 */
export function reorderIds(current: number[], ids: number[]): number[] {
  const known = new Set(current);
  if (ids.some((id) => !known.has(id)))
    throw new AppError("invalid", ADMIN_MESSAGES.reorderMismatch, { ids: ADMIN_MESSAGES.reorderMismatch });
  const listed = new Set(ids);
  return [...ids, ...current.filter((id) => !listed.has(id))];
}

/** Writes sort orders 0..n-1 for ids in that order. */
export async function writeSortOrders(ids: number[], write: (id: number, sortOrder: number) => Promise<unknown>) {
  for (const [sortOrder, id] of ids.entries()) await write(id, sortOrder);
}
