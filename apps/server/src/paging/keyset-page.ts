import type { Page, PageRequest, searchPageQuery } from "@skillshelf/shared/paging.ts";
import { asc, desc, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { type ListKey, microsToIso, type PageCursors } from "./page-cursors.ts";

/*
 * A page from a cursor is read in one statement of two parts: the page's rows,
 * and the first row past the cursor on the other side, which says whether
 * there is a page there to link back to. Each row says its part, so a deep
 * page costs one round trip and one index range, as the first page does.
 */

/** Which part of a page's statement a row comes from: 0 the page, 1 the row past the cursor. */
export type Part = 0 | 1;
export const PAGE: Part = 0;
export const PAST: Part = 1;

/** What a keyset list's query selects besides its own columns: the row's position and its part. */
export const keyColumns = (at: PgColumn, id: PgColumn, part: Part = PAGE) => ({
  keyAt: sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`,
  keyId: sql<number>`${id}`.mapWith(Number),
  part: partColumn(part),
});

/** A row's part, for a list that selects its own position (the editor's tree). */
export const partColumn = (part: Part) => sql<number>`${sql.raw(String(part))}`.mapWith(Number);

type Op = "<" | ">" | "<=" | ">=";

/** The rows on one side of `key` in (at, id) order: "<" the older ones, ">" the newer ones. */
export const beyondKey = (at: PgColumn, id: PgColumn, op: Op, key: ListKey) =>
  compareKey(at, id, op, microsToIso(key.atMicros), key.id);

const compareKey = (at: PgColumn, id: PgColumn, op: Op, keyAt: string | Placeholder, keyId: number | Placeholder) =>
  sql`(${at}, ${id}) ${sql.raw(op)} (${keyAt}::timestamptz, ${keyId})`;

/**
 * Where a page's query starts (null: at the newest row): "<" the older rows
 * (a next page), ">" the newer ones (a previous page, read oldest first).
 */
export type KeysetSide = { op: "<" | ">"; key: ListKey } | null;

/** The side past a page's cursor, the cursor's own row included: what its link back would show. */
export const PAST_OF = { "<": ">=", ">": "<=" } as const;

const orderFor = (at: PgColumn, id: PgColumn, op: Op | undefined) =>
  op === ">" || op === ">=" ? [asc(at), asc(id)] : [desc(at), desc(id)];

/** A list's query with `where` added (undefined: none), ordered by `orderBy`, at most `limit` rows of `part`. */
type ListQuery<Limit, Result> = (where: SQL | undefined, orderBy: SQL[], limit: Limit, part?: Part) => Result;

/**
 * A drizzle select and its set operator: a page's query and the part past its cursor as one
 * statement. drizzle types `unionAll`'s argument from the select's own generic result, which a
 * constraint cannot name, so `unionOf` passes it the other part, of the same `select`, as never.
 */
interface UnionSelect<Union = unknown> {
  unionAll(other: never): Union;
}

/** A page's query or, from a cursor, its union with the part past the cursor. */
type PageQuery<Query extends UnionSelect> = Query | ReturnType<Query["unionAll"]>;

export const unionOf = <Query extends UnionSelect>(page: Query, past: Query): ReturnType<Query["unionAll"]> =>
  page.unionAll(past as never) as ReturnType<Query["unionAll"]>;

/** A list whose query is built again for each page: the admin lists, whose search changes its shape. */
export function builtEachTime<Query extends UnionSelect>(at: PgColumn, id: PgColumn, select: ListQuery<number, Query>) {
  return (side: KeysetSide, limit: number): PageQuery<Query> => {
    if (!side) return select(undefined, orderFor(at, id, undefined), limit);
    const past = PAST_OF[side.op];
    return unionOf(
      select(beyondKey(at, id, side.op, side.key), orderFor(at, id, side.op), limit),
      select(beyondKey(at, id, past, side.key), orderFor(at, id, past), 1, PAST),
    );
  };
}

interface PreparedList<Rec> {
  execute(values: Record<string, unknown>): Promise<Rec[]>;
}

interface Preparable<Rec> {
  prepare(name: string): PreparedList<Rec>;
}

/** A drizzle select of `Rec` rows, to be prepared, alone or with the part past a cursor. */
interface PreparableSelect<Rec> extends Preparable<Rec>, UnionSelect<Preparable<Rec>> {}

/** The kinds of side a page reads from, each one prepared statement of a prepared list. */
export const SIDE_SHAPES = { first: "first", "<": "older", ">": "newer" };

/** The `where` and order of one side, its key given as the placeholders keyAt and keyId. */
function sideShape(at: PgColumn, id: PgColumn, op: Op | undefined) {
  return {
    where: op ? compareKey(at, id, op, sql.placeholder("keyAt"), sql.placeholder("keyId")) : undefined,
    orderBy: orderFor(at, id, op),
  };
}

/**
 * The statement of one kind of page of a prepared list (SIDE_SHAPES): its key the
 * placeholders keyAt and keyId, its limit the placeholder limit.
 */
export function preparedShape<Query extends UnionSelect>(
  at: PgColumn,
  id: PgColumn,
  select: ListQuery<Placeholder, Query>,
  shape: keyof typeof SIDE_SHAPES,
): PageQuery<Query> {
  const op = shape === "first" ? undefined : shape;
  const { where, orderBy } = sideShape(at, id, op);
  const page = select(where, orderBy, sql.placeholder("limit"));
  if (!op) return page;
  const past = sideShape(at, id, PAST_OF[op]);
  return unionOf(page, select(past.where, past.orderBy, sql.placeholder("pastLimit"), PAST));
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
  select: (db: DbOrTx) => ListQuery<Placeholder, PreparableSelect<Rec>>,
) {
  const queries = preparedPerDb(() => new Map<string, PreparedList<Rec>>());
  return (db: DbOrTx, values: Record<string, unknown>) =>
    (side: KeysetSide, limit: number): Promise<Rec[]> => {
      const shape = side?.op ?? "first";
      const prepared = queries(db);
      let query = prepared.get(shape);
      if (!query) {
        const statement: Preparable<Rec> = preparedShape(at, id, select(db), shape);
        query = statement.prepare(`${name}_${SIDE_SHAPES[shape]}`);
        prepared.set(shape, query);
      }
      const key = side ? { keyAt: microsToIso(side.key.atMicros), keyId: side.key.id, pastLimit: 1 } : {};
      return query.execute({ ...values, ...key, limit });
    };
}

export interface KeyedRecord {
  keyAt: string;
  keyId: number;
  /** Its part of the statement: PAGE, or PAST for the row that says a page lies past the cursor. */
  part: number;
}

export interface KeysetList<Rec extends KeyedRecord, Row> {
  cursors: PageCursors;
  /** Names the list in its cursors, e.g. "orders". */
  list: string;
  /** Whose rows or which search: a cursor only works with the scope it was issued for. */
  scope: string;
  request: PageRequest;
  /**
   * The list's rows from `side`, at most `limit` of them, in its order; from a cursor, also
   * the first row past it (PAST_OF), of part 1, in the same statement: `builtEachTime` or `preparedKeyset`.
   */
  fetch(side: KeysetSide, limit: number): PromiseLike<Rec[]>;
  toRows(records: Rec[]): Promise<Row[]> | Row[];
}

/**
 * One page of a list ordered newest first by (at, id): the rows after or
 * before the request's cursor, and cursors to the pages on either side when
 * there are rows there. Equal timestamps are ordered by id, so no row is
 * skipped or shown twice; each page costs one statement of two index range
 * scans, wherever it is.
 */
export async function keysetPage<Rec extends KeyedRecord, Row>(list: KeysetList<Rec, Row>): Promise<Page<Row>> {
  const { request } = list;
  const limit = request.limit;
  const cursor = request.cursor ? list.cursors.decode(list.list, list.scope, request.cursor) : null;
  const side: KeysetSide = cursor ? { op: cursor.direction === "before" ? ">" : "<", key: cursor } : null;
  const fetched = await list.fetch(side, limit + 1);
  // UNION ALL appends each part's rows as its own query orders them: the page's keep their order.
  const got = fetched.filter((r) => r.part === PAGE);
  const past = got.length < fetched.length;

  let records: Rec[];
  let older: boolean;
  let newer: boolean;
  if (side?.op === ">") {
    newer = got.length > limit;
    records = got.slice(0, limit).reverse();
    older = past;
  } else {
    older = got.length > limit;
    records = got.slice(0, limit);
    newer = past;
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
