import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { ensureWebBuild } from "./helpers/web-build.ts";

/**
 * Migrates once per run what every test file would otherwise migrate for
 * itself: an embedded database (a DATA_DIR, and its dump for in-memory
 * copies), and on TEST_DATABASE_URL's server a template database. The files
 * copy them (helpers/database.ts); migrations.test.ts migrates from empty and
 * checks the result matches, so the shortcut hides nothing.
 */
export default async function setup(project: TestProject) {
  // Once, before any file: files building it at once would empty the build under each other's servers.
  ensureWebBuild();
  // What it provides is declared with its reader, helpers/database.ts.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-template-"));
  let template = "";
  try {
    const [dump, name] = await Promise.all([
      migratedPglite(path.join(dir, "data"), serverUrl ? null : path.join(dir, "pglite.tar")),
      serverUrl ? postgresTemplate(serverUrl) : "",
    ]);
    template = name;
    project.provide("pgliteDataDir", path.join(dir, "data"));
    project.provide("pgliteDump", dump);
    project.provide("postgresTemplate", template);
  } catch (error) {
    await teardown();
    throw error;
  }

  async function teardown() {
    if (serverUrl && template) {
      // A template database cannot be dropped.
      await admin(serverUrl, `alter database ${template} with is_template false`);
      await admin(serverUrl, `drop database if exists ${template} with (force)`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return teardown;
}

/** Migrates an embedded database in `dataDir`, as the store does, and dumps it to `dumpFile` if asked. */
async function migratedPglite(dataDir: string, dumpFile: string | null): Promise<string> {
  const database = await openDatabase({ dataDir });
  await database.close();
  if (!dumpFile) return "";
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(dumpFile, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return dumpFile;
}

/**
 * A database on the server, migrated as the store does, then closed to
 * connections: `create database … template` copies only a database nobody is
 * connected to, and several test files copy it at once.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `skillshelf_template_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
  await database.close();
  await admin(serverUrl, `alter database ${name} with is_template true allow_connections false`);
  // The pool's connection may still be ending on the server: wait for its backend to exit.
  const left = await admin(
    serverUrl,
    "select pg_terminate_backend(pid, 10000) as ended from pg_stat_activity where datname = $1",
    [name],
  );
  const stuck = await admin(serverUrl, "select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
  if (stuck[0]?.n !== 0) throw new Error(`The template ${name} still has connections (${JSON.stringify(left)})`);
  return name;
}

async function admin(serverUrl: string, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
