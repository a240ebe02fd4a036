import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../src/db/client.ts";
import * as schema from "../src/db/schema/index.ts";
import { MediaStore } from "../src/media/media-store.ts";

/** The migrations folder as it was before media storage (0006): the same files, a shorter journal. */
async function foldersBeforeMediaStorage(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-before-0006-"));
  await fs.cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === "0006_media_storage");
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration 0006 (media storage)", () => {
  it("moves every existing file's bytes into database chunks, intact, with its size and hash", async () => {
    const before = await foldersBeforeMediaStorage();
    // With the extensions the store loads (db/client.ts): a later migration creates pg_trgm.
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into categories (slug, name) values ('p', 'P');
        insert into categories (slug, name, parent_id) values ('a', 'A', 1);
        insert into contents (category_id, slug, title) values (2, 'c', 'C');`);
      // Three files: one byte, exactly one chunk, and a little over two chunks.
      const files = [
        Buffer.from([7]),
        Buffer.alloc(262144, 1),
        Buffer.from(Array.from({ length: 600000 }, (_, i) => i % 253)),
      ];
      for (const [i, data] of files.entries()) {
        await client.query(
          "insert into content_media (content_id, name, mimetype, size, data, sort_order) values (1, $1, 'application/pdf', $2, $3, $4)",
          [`f${i}.pdf`, data.length, data, i],
        );
      }

      await migrate(db, { migrationsFolder });
      const media = MediaStore.local(db as never);
      const rows = await client.query<{ id: number; chunks: number }>(
        "select m.id, (select count(*)::int from media_chunks c where c.key = m.storage_key) as chunks from content_media m order by m.id",
      );
      expect(rows.rows.map((r) => r.chunks)).toEqual([1, 1, 3]);
      for (const [i, data] of files.entries()) {
        const info = await media.describe(rows.rows[i]?.id ?? 0);
        expect(info).toMatchObject({
          name: `f${i}.pdf`,
          size: data.length,
          storage: "local",
          sha256: createHash("sha256").update(data).digest("hex"),
        });
        const parts: Buffer[] = [];
        for await (const part of await media.readAll({ storage: "local", key: info?.key ?? "", size: data.length }))
          parts.push(part as Buffer);
        expect(Buffer.concat(parts).equals(data)).toBe(true);
      }
      // Every object is in use: the sweep removes nothing.
      expect(await media.sweep()).toBe(0);
    } finally {
      await client.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  });
});
