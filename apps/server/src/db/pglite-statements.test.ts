import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textParsers, withPreparedStatements } from "./pglite-statements.ts";

let raw: PGlite;
let client: PGlite;

beforeAll(async () => {
  raw = await PGlite.create();
  client = withPreparedStatements(raw, { max: 3 });
  await raw.exec(`
    create table notes (id serial primary key, body text, tags int[], meta json, data bytea, at timestamptz);
  `);
}, 60_000);
afterAll(() => raw?.close());

const prepared = async () =>
  (await raw.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((r) => r.name);

describe("PGlite queries run as prepared statements", () => {
  it("answers exactly as query() does, for every kind of value, from the second run on", async () => {
    const insert = "insert into notes (body, tags, meta, data, at) values ($1, $2, $3, $4, $5) returning id";
    const hostile = ["it's", "'); drop table notes; --", "back\\slash and $$dollars$$", "ünïcødé ✓", "", null];
    for (const body of hostile) {
      const values = [body, [1, 2], { a: "b'c" }, new Uint8Array([0, 39, 92]), new Date("2026-01-02T03:04:05Z")];
      await client.query(insert, values);
    }
    const select = "select body, tags, meta, data, at from notes where id > $1 order by id";
    const viaPrepared = [await client.query(select, [0]), await client.query(select, [0])];
    const viaQuery = await raw.query(select, [0]);
    for (const result of viaPrepared) expect(result.rows).toEqual(viaQuery.rows);
    expect(viaQuery.rows.map((r) => (r as { body: string | null }).body)).toEqual(hostile);
    expect(await prepared()).toHaveLength(2);
  });

  it("keeps a NUL or a long value a bound parameter, where a literal could not carry it", async () => {
    const select = "select length($1::text) as n";
    await client.query(select, ["a"]);
    const long = "x".repeat(100_000);
    expect((await client.query(select, [long])).rows).toEqual([{ n: 100_000 }]);
    await expect(client.query(select, ["a\0b"])).rejects.toThrow();
  });

  it("reports a bad query as query() does, and keeps at most the most recent statements", async () => {
    for (let i = 0; i < 2; i++) await expect(client.query("select nope from notes")).rejects.toThrow(/nope/);
    for (const n of [1, 2, 3, 4]) {
      await client.query(`select ${n} as n where $1::int > 0`, [1]);
      expect((await client.query(`select ${n} as n where $1::int > 0`, [1])).rows).toEqual([{ n }]);
    }
    // Deallocation runs after the call that evicts: let it finish.
    await raw.query("select 1");
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });

  it("reads a table whose columns changed since it was prepared", async () => {
    const select = "select * from notes where id = $1";
    await client.query(select, [1]);
    expect(Object.keys((await client.query(select, [1])).rows[0] ?? {})).not.toContain("extra");
    await raw.exec("alter table notes add column extra text default 'e'");
    expect((await client.query(select, [1])).rows[0]).toMatchObject({ id: 1, extra: "e" });
  });
});

describe("the literals a prepared statement runs with (its quoting)", () => {
  it("give back any text, array, JSON and bytes exactly as bound parameters do", async () => {
    const select = "select $1::text as body, $2::text[] as tags, $3::json as meta, $4::bytea as data";
    // Any text but NUL, which PostgreSQL's text cannot hold: quotes, backslashes, $$, E'', newlines, astral planes.
    const text = fc.string({ unit: "binary" }).filter((value) => !value.includes("\0"));
    const tricky = fc.constantFrom("'", "''", "\\", "\\'", "$$", "E'\\x41'", "\n", "--", "/*", ";", '"', "{", "}", ",");
    const withTricks = fc.array(fc.oneof(text, tricky), { maxLength: 6 }).map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(
        withTricks,
        fc.array(withTricks, { maxLength: 4 }),
        fc.dictionary(withTricks, withTricks, { maxKeys: 3 }),
        fc.uint8Array({ maxLength: 16 }),
        async (body, tags, meta, data) => {
          const values = [body, tags, meta, data];
          const expected = (await raw.query(select, values)).rows;
          // The first run prepares the statement; the second executes it with the values as literals.
          expect((await client.query(select, values)).rows).toEqual(expected);
          expect((await client.query(select, values)).rows).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a PGlite opened with textParsers", () => {
  it("answers a query with drizzle's text parsers as without them, prepared or not, in a transaction too", async () => {
    const own = withPreparedStatements(await PGlite.create({ parsers: textParsers }));
    try {
      // drizzle's PGlite driver passes these with each query: its column mappers read the text.
      const asText = (value: string) => value;
      const drizzleOptions = { rowMode: "array" as const, parsers: { 1184: asText, 1082: asText, 1186: asText } };
      const select =
        "select $1::timestamptz as at, $2::date as day, '1 day'::interval as span, '{\"a\":1}'::json as meta";
      const values = ["2026-01-02T03:04:05Z", "2026-01-02"];
      const expected = [["2026-01-02 03:04:05+00", "2026-01-02", "1 day", { a: 1 }]];
      for (let run = 0; run < 3; run++) {
        expect((await own.query(select, values, drizzleOptions)).rows).toEqual(expected);
        expect((await own.query(select, values, { rowMode: "array" })).rows).toEqual(expected);
      }
      const inTransaction = await own.transaction(async (tx) => (await tx.query(select, values, drizzleOptions)).rows);
      expect(inTransaction).toEqual(expected);
      // A parser the client does not have still applies.
      const day = { rowMode: "array" as const, parsers: { 1082: (value: string) => `day ${value}` } };
      expect((await own.query<unknown[]>(select, values, day)).rows[0]?.[1]).toBe("day 2026-01-02");
      const json = { parsers: { 114: () => "parsed by the query" } };
      expect((await own.query<{ meta: string }>(select, values, json)).rows[0]?.meta).toBe("parsed by the query");
    } finally {
      await own.close();
    }
  });
});
