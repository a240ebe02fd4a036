import type { Page, PageRequest, searchPageQuery } from "@skillshelf/shared/paging.ts";
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { type ListKey, microsToIso, type PageCursors } from "./page-cursors.ts";

/** What a keyset list's query selects besides its own columns: the row's position. */
export const keyColumns = (at: PgColumn, id: PgColumn) => ({
  keyAt: sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`,
  keyId: sql<number>`${id}`.mapWith(Number),
});

/** The rows on one side of `key` in (at, id) order: "<" the older ones, ">" the newer ones. */
export const beyondKey = (at: PgColumn, id: PgColumn, op: "<" | ">" | "<=" | ">=", key: ListKey) =>
  sql`(${at}, ${id}) ${sql.raw(op)} (${microsToIso(key.atMicros)}::timestamptz, ${key.id})`;

export interface KeyedRecord {
  keyAt: string;
  keyId: number;
}

export interface KeysetList<Rec extends KeyedRecord, Row> {
  cursors: PageCursors;
  /** Names the list in its cursors, e.g. "orders". */
  list: string;
  /** Whose rows or which search: a cursor only works with the scope it was issued for. */
  scope: string;
  request: PageRequest;
  /** The order, newest first: (at, id) descending. An index on (…, at, id) serves it. */
  at: PgColumn;
  id: PgColumn;
  /** The list's query with `where` added (undefined: none), ordered by `orderBy`, at most `limit` rows. */
  fetch(where: SQL | undefined, orderBy: SQL[], limit: number): Promise<Rec[]>;
  toRows(records: Rec[]): Promise<Row[]> | Row[];
}

/**
 * One page of a list ordered newest first by (at, id): the rows after or
 * before the request's cursor, and cursors to the pages on either side when
 * there are rows there. Equal timestamps are ordered by id, so no row is
 * skipped or shown twice; each page costs an index range scan, wherever it is.
 */
export async function keysetPage<Rec extends KeyedRecord, Row>(list: KeysetList<Rec, Row>): Promise<Page<Row>> {
  const { at, id, request } = list;
  const limit = request.limit;
  const cursor = request.cursor ? list.cursors.decode(list.list, list.scope, request.cursor) : null;
  const compare = (op: "<" | ">" | "<=" | ">=", key: ListKey) => beyondKey(at, id, op, key);
  const newestFirst = [desc(at), desc(id)];
  const oldestFirst = [asc(at), asc(id)];
  const exists = async (where: SQL, orderBy: SQL[]) => (await list.fetch(where, orderBy, 1)).length > 0;

  let records: Rec[];
  let older: boolean;
  let newer: boolean;
  if (cursor?.direction === "before") {
    const [got, beyond] = await Promise.all([
      list.fetch(compare(">", cursor), oldestFirst, limit + 1),
      exists(compare("<=", cursor), newestFirst),
    ]);
    newer = got.length > limit;
    records = got.slice(0, limit).reverse();
    older = beyond;
  } else {
    const [got, beyond] = await Promise.all([
      list.fetch(cursor ? compare("<", cursor) : undefined, newestFirst, limit + 1),
      cursor ? exists(compare(">=", cursor), oldestFirst) : false,
    ]);
    older = got.length > limit;
    records = got.slice(0, limit);
    newer = beyond;
  }

  const keyOf = (r: Rec): ListKey => ({ atMicros: r.keyAt, id: r.keyId });
  const first = records[0];
  const last = records.at(-1);
  // An empty page (its rows went since the cursor was issued) still leads back to the cursor's row.
  const newerFrom = first ? keyOf(first) : cursor && { atMicros: cursor.atMicros, id: cursor.id - 1 };
  const olderFrom = last ? keyOf(last) : cursor && { atMicros: cursor.atMicros, id: cursor.id + 1 };
  return {
    rows: await list.toRows(records),
    next_cursor:
      older && olderFrom ? list.cursors.encode(list.list, list.scope, { direction: "after", ...olderFrom }) : null,
    prev_cursor:
      newer && newerFrom ? list.cursors.encode(list.list, list.scope, { direction: "before", ...newerFrom }) : null,
    limit,
  };
}

/** A checked admin list query (search, cursor, limit) as the options of listUsers and listAllOrders. */
export const searchPageArgs = (cursors: PageCursors, query: z.output<typeof searchPageQuery>) => ({
  cursors,
  search: query.search,
  page: { cursor: query.cursor, limit: query.limit },
});
