import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { textParsers, withPreparedStatements } from "./pglite-statements.ts";
import { countingWrites, keepReadsUntilWrites } from "./read-cache.ts";
import * as schema from "./schema/index.ts";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repository functions accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `listener` whenever another connection (or instance) notifies `channel`. */
  listen(channel: string, listener: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The store's database (app.ts): declared here, beside its type, so every module that reads it sees it. */
    database: Database;
  }
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** For PGlite: the folder of the database files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /**
   * For PGlite in memory: a data directory to start from, as PGlite's dumpDataDir wrote it
   * (the test suites migrate one database per run and start each file from its copy).
   */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/** Opens the database and applies every committed migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.maxConnections ?? 10)
    : await openPglite(options.dataDir, options.loadDataDir);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The extensions the migrations create: the trigram indexes of the admin searches. */
const extensions = { pg_trgm };

/**
 * PGlite's own start, with Postgres's buffer cache at 16 MB instead of 128 MB: the cache
 * lives in the process's WebAssembly memory, all of it resident from the start (its shared
 * memory is zeroed when it is made), and the store keeps what it reads most (the catalogue,
 * kept pages) in its own memory already. Decision 0043.
 */
const PGLITE_OPTIONS = {
  extensions,
  parsers: textParsers,
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<Database & { migrate(): Promise<void> }> {
  let release = async () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = await PGlite.create({ ...PGLITE_OPTIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  }
  const writes = countingWrites(withPreparedStatements(client));
  const db = drizzlePglite(writes.client, { schema }) as unknown as Db;
  keepReadsUntilWrites(db, writes.generation);
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async listen(channel, listener) {
      await client.listen(channel, listener);
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      await client.close();
      await release();
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database & { migrate(): Promise<void> }> {
  // A server that does not answer fails a request after a few seconds (503, db/unavailable.ts), never hangs it.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners: { close(): Promise<void> }[] = [];
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several instances may start at once: one applies the migrations, the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7326517001)");
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(7326517001)").catch(() => {});
        client.release();
      }
    },
    async listen(channel, listener) {
      listeners.push(await listenAgainAfterOutages(connectionString, channel, listener));
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await Promise.all(listeners.map((l) => l.close()));
      await pool.end();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5000;
/** How long a lost LISTEN connection waits before it tries again, at first and at most. */
const RELISTEN_MS = { first: 500, most: 10_000 };

/**
 * LISTEN on a connection of its own, made again whenever it is lost (a
 * PostgreSQL restart, a failover): the notifications sent meanwhile are gone,
 * so the listener runs once with "" when listening resumes, as for a change it
 * missed.
 */
async function listenAgainAfterOutages(
  connectionString: string,
  channel: string,
  listener: (payload: string) => void,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // The error is followed by "end", which starts the next try.
    next.on("error", () => {});
    next.on("notification", (message) => {
      if (message.channel === channel) listener(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    next.once("end", () => {
      if (!closed) again(RELISTEN_MS.first);
    });
    client = next;
  };
  const again = (waitMs: number) => {
    client = null;
    retry = setTimeout(async () => {
      if (closed) return;
      try {
        await connect();
        listener("");
      } catch {
        again(Math.min(waitMs * 2, RELISTEN_MS.most));
      }
    }, waitMs);
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await (client as pg.Client | null)?.end().catch(() => {});
    },
  };
}
