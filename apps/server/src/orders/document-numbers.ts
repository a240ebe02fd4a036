import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { type DOCUMENT_SERIES, documentNumbers } from "../db/schema/index.ts";

export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

const PREFIXES: Record<DocumentSeries, string> = { invoice: "INV", credit_note: "CN" };

/** A whole invoice or credit note number, as an operator may paste it: one order's at most. */
export const WHOLE_DOCUMENT_NUMBER = /^(INV|CN)-\d{4}-\d{6,}$/i;

/**
 * The next number of `series` in the calendar year of `at` (UTC), e.g. INV-2026-000123, taken in
 * `tx`, the transaction that writes the document: the series' row stays locked until it commits,
 * so numbers follow one another without a gap or a duplicate, whatever runs at once (a rollback
 * gives its number back).
 */
export async function nextDocumentNumber(tx: DbOrTx, series: DocumentSeries, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(documentNumbers)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentNumbers.series, documentNumbers.year],
      set: { last: sql`${documentNumbers.last} + 1` },
    })
    .returning({ last: documentNumbers.last });
  if (!row) throw new Error(`no ${series} number was given`);
  return `${PREFIXES[series]}-${year}-${String(row.last).padStart(6, "0")}`;
}
