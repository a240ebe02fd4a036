import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPreparedStatements } from "./pglite-statements.ts";

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
