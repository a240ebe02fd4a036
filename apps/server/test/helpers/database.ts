import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.ts";

/*
 * The databases of the API suites are copies of ones migrated once per run
 * (test/global-setup.ts); migrations.test.ts migrates from empty and checks a
 * copy is the same.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database was migrated once for this run, to copy (migratedDataDir). */
    pgliteDataDir: string;
    /** That database as PGlite's dumpDataDir wrote it, for in-memory copies; "" on a PostgreSQL run. */
    pgliteDump: string;
    /** On a PostgreSQL run, the database migrated once for this run that each test's database copies; else "". */
    postgresTemplate: string;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase(process.env.VITEST ? { loadDataDir: migratedDump() } : {});
  const copy = await copyTemplateDatabase(serverUrl, "skillshelf_test");
  const database = await openDatabase({ databaseUrl: copy.url, maxConnections: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/** The run's migrated embedded database, as PGlite's dumpDataDir wrote it (under Vitest; a bench migrates its own). */
function migratedDump(): Blob {
  const dump = inject("pgliteDump");
  if (!dump) throw new Error("No migrated PGlite dump on a PostgreSQL run (test/global-setup.ts)");
  return new Blob([fs.readFileSync(dump)]);
}

/** Puts a copy of the run's migrated embedded database in `dataDir`, for a store process or the CLI. */
export function migratedDataDir(dataDir: string): string {
  fs.cpSync(path.join(inject("pgliteDataDir"), "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

/**
 * A new database on TEST_DATABASE_URL's server, a copy of the run's migrated
 * template; outside Vitest (a bench), an empty one, which openDatabase migrates.
 */
export async function copyTemplateDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const template = process.env.VITEST ? inject("postgresTemplate") : "";
  if (process.env.VITEST && !template) {
    throw new Error("No template database: TEST_DATABASE_URL was not set for test/global-setup.ts");
  }
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}

/** One statement on the server's maintenance database (TEST_DATABASE_URL). */
export async function adminQuery<T = Record<string, unknown>>(
  serverUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(sql, params)).rows as T[];
  } finally {
    await admin.end();
  }
}

/** The rows of `db.execute`, whose result type differs between PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
