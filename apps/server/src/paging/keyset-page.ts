import type { Page, PageRequest, searchPageQuery } from "@skillshelf/shared/paging.ts";
import { asc, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { type ListKey, microsToIso, type PageCursors } from "./page-cursors.ts";

/** What a keyset list's query selects besides its own columns: the row's position. */
export const keyColumns = (at: PgColumn, id: PgColumn) => ({
  keyAt: sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`,
  keyId: sql<number>`${id}`.mapWith(Number),
});

type Op = "<" | ">" | "<=" | ">=";

/** The rows on one side of `key` in (at, id) order: "<" the older ones, ">" the newer ones. */
export const beyondKey = (at: PgColumn, id: PgColumn, op: Op, key: ListKey) =>
  compareKey(at, id, op, microsToIso(key.atMicros), key.id);

const compareKey = (at: PgColumn, id: PgColumn, op: Op, keyAt: string | Placeholder, keyId: number | Placeholder) =>
  sql`(${at}, ${id}) ${sql.raw(op)} (${keyAt}::timestamptz, ${keyId})`;

/** Where a page's query starts (null: at the newest row). The newer side (">", ">=") is read oldest first. */
export type KeysetSide = { op: Op; key: ListKey } | null;

const orderFor = (at: PgColumn, id: PgColumn, op: Op | undefined) =>
  op === ">" || op === ">=" ? [asc(at), asc(id)] : [desc(at), desc(id)];

/** A list's query with `where` added (undefined: none), ordered by `orderBy`, at most `limit` rows. */
type ListQuery<Limit, Result> = (where: SQL | undefined, orderBy: SQL[], limit: Limit) => Result;

/** A list whose query is built again for each page: the admin lists, whose search changes its shape. */
export function builtEachTime<Query extends Promise<unknown[]>>(
  at: PgColumn,
  id: PgColumn,
  select: ListQuery<number, Query>,
) {
  return (side: KeysetSide, limit: number): Query =>
    select(side ? beyondKey(at, id, side.op, side.key) : undefined, orderFor(at, id, side?.op), limit);
}

interface PreparedList<Rec> {
  execute(values: Record<string, unknown>): Promise<Rec[]>;
}

/** The kinds of side a page reads from, each one prepared statement of a prepared list. */
export const SIDE_SHAPES = { first: "first", "<": "older", "<=": "older_from", ">": "newer", ">=": "newer_from" };

/** The `where` and order of one kind of side, its key given as the placeholders keyAt and keyId. */
export function sideShape(at: PgColumn, id: PgColumn, shape: keyof typeof SIDE_SHAPES) {
  const op = shape === "first" ? undefined : shape;
  return {
    where: op ? compareKey(at, id, op, sql.placeholder("keyAt"), sql.placeholder("keyId")) : undefined,
    orderBy: orderFor(at, id, op),
  };
}

/**
 * A list read on every visit of a learner's page, prepared once per database handle and
 * kind of side (SIDE_SHAPES) as `preparedPerDb` does: its SQL is not built again, and
 * PostgreSQL plans it once. `select`'s own inputs are `sql.placeholder`s, whose values
 * each call gives in `values`; the limit is one too.
 */
export function preparedKeyset<Rec>(
  name: string,
  at: PgColumn,
  id: PgColumn,
  select: (db: DbOrTx) => ListQuery<Placeholder, { prepare(name: string): PreparedList<Rec> }>,
) {
  const queries = preparedPerDb(() => new Map<string, PreparedList<Rec>>());
  return (db: DbOrTx, values: Record<string, unknown>) =>
    (side: KeysetSide, limit: number): Promise<Rec[]> => {
      const shape = side?.op ?? "first";
      const prepared = queries(db);
      let query = prepared.get(shape);
      if (!query) {
        const { where, orderBy } = sideShape(at, id, shape);
        query = select(db)(where, orderBy, sql.placeholder("limit")).prepare(`${name}_${SIDE_SHAPES[shape]}`);
        prepared.set(shape, query);
      }
      const key = side ? { keyAt: microsToIso(side.key.atMicros), keyId: side.key.id } : {};
      return query.execute({ ...values, ...key, limit });
    };
}

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
  /** The list's rows from `side`, at most `limit` of them: `builtEachTime` or `preparedKeyset`. */
  fetch(side: KeysetSide, limit: number): Promise<Rec[]>;
  toRows(records: Rec[]): Promise<Row[]> | Row[];
}

/**
 * One page of a list ordered newest first by (at, id): the rows after or
 * before the request's cursor, and cursors to the pages on either side when
 * there are rows there. Equal timestamps are ordered by id, so no row is
 * skipped or shown twice; each page costs an index range scan, wherever it is.
 */
export async function keysetPage<Rec extends KeyedRecord, Row>(list: KeysetList<Rec, Row>): Promise<Page<Row>> {
  const { request } = list;
  const limit = request.limit;
  const cursor = request.cursor ? list.cursors.decode(list.list, list.scope, request.cursor) : null;
  const exists = async (op: Op, key: ListKey) => (await list.fetch({ op, key }, 1)).length > 0;

  let records: Rec[];
  let older: boolean;
  let newer: boolean;
  if (cursor?.direction === "before") {
    const [got, beyond] = await Promise.all([list.fetch({ op: ">", key: cursor }, limit + 1), exists("<=", cursor)]);
    newer = got.length > limit;
    records = got.slice(0, limit).reverse();
    older = beyond;
  } else {
    const [got, beyond] = await Promise.all([
      list.fetch(cursor ? { op: "<", key: cursor } : null, limit + 1),
      cursor ? exists(">=", cursor) : false,
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
