import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RESERVED_SLUGS } from "@skillshelf/shared/reserved-slugs.ts";
import { is, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, inject, it } from "vitest";
import { type Database, migrationsFolder, openDatabase } from "../src/db/client.ts";
import * as schema from "../src/db/schema/index.ts";
import { adminQuery, createTestDatabase, migratedDataDir, rowsOf } from "./helpers/database.ts";

/*
 * The other files start from copies of a database migrated once per run
 * (global-setup.ts). Here the committed migrations run from an empty database,
 * and the result must be what the code declares and what those copies hold.
 */

/** The schema as the system catalogues describe it, in a stable order: what the migrations made. */
async function describeSchema(database: Database) {
  const list = async (query: string) =>
    rowsOf<{ d: string }>(await database.db.execute(sql.raw(query))).map((row) => row.d);
  const ours = "('public', 'drizzle')";
  return {
    extensions: await list("select extname || ' ' || extversion as d from pg_extension order by 1"),
    columns: await list(`
      select c.table_schema || '.' || c.table_name || '.' || c.column_name || ' ' || c.data_type || ' ' ||
        c.udt_name || ' ' || coalesce(c.character_maximum_length::text, '') || ' ' ||
        coalesce(c.numeric_precision::text || ',' || c.numeric_scale::text, '') || ' ' ||
        c.is_nullable || ' ' || coalesce(c.column_default, '') || ' ' || c.is_identity || ' ' || c.is_generated ||
        ' ' || coalesce(c.generation_expression, '') as d
      from information_schema.columns c where c.table_schema in ${ours} order by 1`),
    indexes: await list(`select schemaname || '.' || indexname || ' ' || indexdef as d
      from pg_indexes where schemaname in ${ours} order by 1`),
    constraints: await list(`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d
      from pg_constraint where connamespace in (select oid from pg_namespace where nspname in ${ours}) order by 1`),
    functions: await list(`select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' ||
        md5(coalesce(p.prosrc, '')) as d
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${ours} order by 1`),
    triggers: await list("select pg_get_triggerdef(oid) as d from pg_trigger where not tgisinternal order by 1"),
    types: await list(`select t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder) as d
      from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname order by 1`),
    sequences: await list(`select schemaname || '.' || sequencename || ' ' || data_type::text || ' ' || increment_by
      as d from pg_sequences where schemaname in ${ours} order by 1`),
    views: await list(`select schemaname || '.' || viewname || ' ' || md5(definition) as d
      from pg_views where schemaname in ${ours} order by 1`),
    migrations: await list("select hash || ' ' || created_at as d from drizzle.__drizzle_migrations order by id"),
  };
}

/** Checks a freshly migrated database against the committed migrations and the Drizzle schema. */
async function expectMigratedFromEmpty(database: Database) {
  // Every migration of the journal, once, in order.
  const applied = rowsOf<{ hash: string; created_at: string }>(
    await database.db.execute(sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`),
  );
  expect(applied.map((m) => [m.hash, Number(m.created_at)])).toEqual(
    readMigrationFiles({ migrationsFolder }).map((m) => [m.hash, m.folderMillis]),
  );
  // Every table the code declares, with exactly its columns, and NOT NULL where it says so.
  const columns = rowsOf<{ table_name: string; column_name: string; is_nullable: "YES" | "NO" }>(
    await database.db.execute(sql`select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = 'public' order by table_name, column_name`),
  );
  const tables = Object.values(schema).filter((value) => is(value, PgTable));
  expect(tables.length).toBeGreaterThan(10);
  const declared = tables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns.map((column) => [config.name, column.name, column.notNull ? "NO" : "YES"]);
  });
  expect(columns.map((c) => [c.table_name, c.column_name, c.is_nullable]).sort()).toEqual(declared.sort());
}

describe("the migrations", () => {
  it("make an empty embedded database what the code declares, as the copies the tests use are", async () => {
    const fresh = await openDatabase({});
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    const onDisk = await openDatabase({ dataDir: migratedDataDir(dir) });
    try {
      await expectMigratedFromEmpty(fresh);
      const expected = await describeSchema(fresh);
      expect(expected.columns.length).toBeGreaterThan(100);
      expect(await describeSchema(onDisk)).toEqual(expected);
      if (inject("pgliteDump")) {
        const copy = await createTestDatabase();
        try {
          expect(copy.kind).toBe("pglite");
          expect(await describeSchema(copy)).toEqual(expected);
        } finally {
          await copy.close();
        }
      }
    } finally {
      await fresh.close();
      await onDisk.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the migration of reserved category slugs", () => {
  it("gives a category whose slug the store took for its own pages its id after it, and no other", async () => {
    const database = await openDatabase({});
    try {
      const made = await database.db
        .insert(schema.categories)
        .values(["es", "og", "unsubscribe", "docker", "español"].map((slug) => ({ slug, name: slug })))
        .returning({ id: schema.categories.id, slug: schema.categories.slug });
      const file = path.join(migrationsFolder, "0028_reserved_category_slugs.sql");
      await database.db.execute(sql.raw(fs.readFileSync(file, "utf8")));
      const rows = await database.db
        .select({ id: schema.categories.id, slug: schema.categories.slug })
        .from(schema.categories)
        .orderBy(schema.categories.id);
      const id = (slug: string) => made.find((row) => row.slug === slug)?.id;
      expect(rows.map((row) => row.slug)).toEqual([
        `es-${id("es")}`,
        `og-${id("og")}`,
        `unsubscribe-${id("unsubscribe")}`,
        "docker",
        "español",
      ]);
      // Every slug it frees is one no category may take now.
      for (const slug of ["es", "fr", "unsubscribe", "delete-account", "account-deleted", "og"]) {
        expect(RESERVED_SLUGS as readonly string[]).toContain(slug);
      }
    } finally {
      await database.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  /** A new, empty database on the server, for the time of `use`. */
  const emptyDatabase = async (use: (url: string) => Promise<void>) => {
    const name = `skillshelf_migrations_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(serverUrl, `create database ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await use(url.toString());
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    }
  };

  describe("the migrations on PostgreSQL", () => {
    it("make an empty database what the code declares, as the copies the tests use are", async () => {
      await emptyDatabase(async (url) => {
        const fresh = await openDatabase({ databaseUrl: url, maxConnections: 2 });
        const copy = await createTestDatabase();
        try {
          await expectMigratedFromEmpty(fresh);
          expect(copy.kind).toBe("postgres");
          expect(await describeSchema(copy)).toEqual(await describeSchema(fresh));
        } finally {
          await fresh.close();
          await copy.close();
        }
      });
    }, 120_000);

    it("run once when several processes start on an empty database at the same moment", async () => {
      await emptyDatabase(async (url) => {
        const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, maxConnections: 2 })));
        try {
          const [first] = instances;
          if (!first) throw new Error("no instance");
          await expectMigratedFromEmpty(first);
        } finally {
          await Promise.all(instances.map((instance) => instance.close()));
        }
      });
    }, 120_000);
  });
}
