import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { readCache } from "./read-cache.ts";
import { appSettings } from "./schema/index.ts";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
}, 60_000);
afterAll(() => database?.close());

/** A cached read of one setting, and how many times it went to the database. */
function settingReads(max = 100) {
  const cache = readCache<string | null>(max);
  let reads = 0;
  const read = (db: Database["db"], key: string) =>
    cache(db, key, async () => {
      reads++;
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
      return row?.value ?? null;
    });
  return { read, reads: () => reads };
}

const write = (key: string, value: string) =>
  database.db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });

describe("reads kept until the embedded database is written to", () => {
  it("answers from memory until any write, then reads the new value", async () => {
    const { read, reads } = settingReads();
    await write("colour", "blue");
    expect(await read(database.db, "colour")).toBe("blue");
    expect(await read(database.db, "colour")).toBe("blue");
    expect(reads()).toBe(1);
    // Another table, or another key: every write ends every kept read.
    await write("size", "large");
    expect(await read(database.db, "colour")).toBe("blue");
    expect(reads()).toBe(2);
    await write("colour", "green");
    expect(await read(database.db, "colour")).toBe("green");
    await database.db.execute(sql`update app_settings set value = 'red' where key = 'colour'`);
    expect(await read(database.db, "colour")).toBe("red");
    await database.db.transaction(async (tx) => {
      await tx.update(appSettings).set({ value: "white" }).where(eq(appSettings.key, "colour"));
    });
    expect(await read(database.db, "colour")).toBe("white");
    expect(reads()).toBe(5);
  });

  it("shares one read among callers at once, and keeps none that overlapped a write", async () => {
    const { read, reads } = settingReads();
    await write("shape", "round");
    const [a, b] = await Promise.all([read(database.db, "shape"), read(database.db, "shape")]);
    expect([a, b, reads()]).toEqual(["round", "round", 1]);

    const overlapped = read(database.db, "tone");
    await write("tone", "warm");
    await overlapped;
    expect(await read(database.db, "tone")).toBe("warm");
  });

  it("reads every time in a transaction, which sees its own writes", async () => {
    const { read, reads } = settingReads();
    await database.db.transaction(async (tx) => {
      await tx.update(appSettings).set({ value: "square" }).where(eq(appSettings.key, "shape"));
      expect(await read(tx, "shape")).toBe("square");
      expect(await read(tx, "shape")).toBe("square");
    });
    expect(reads()).toBe(2);
  });

  it("keeps no failed read, and at most `max` keys", async () => {
    const cache = readCache<number>(2);
    await expect(cache(database.db, "a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache(database.db, "a", async () => 1)).toBe(1);
    expect(await cache(database.db, "b", async () => 2)).toBe(2);
    expect(await cache(database.db, "a", async () => 0)).toBe(1);
    // "b" was used least recently: the third key drops it.
    expect(await cache(database.db, "c", async () => 3)).toBe(3);
    expect(await cache(database.db, "a", async () => 0)).toBe(1);
    expect(await cache(database.db, "b", async () => 20)).toBe(20);
  });

  it("reads every time on a database it was not told about (PostgreSQL, where other instances write)", async () => {
    const other = { ...database.db } as typeof database.db;
    const cache = readCache<number>(10);
    let n = 0;
    expect(await cache(other, "k", async () => ++n)).toBe(1);
    expect(await cache(other, "k", async () => ++n)).toBe(2);
  });
});
