import { type ChildProcess, execFile, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { hashPassword } from "../src/accounts/password-hash.ts";
import { SecretBox } from "../src/accounts/second-step.ts";
import { createSession } from "../src/accounts/sessions.ts";
import type { Database, Db } from "../src/db/client.ts";
import { authenticatorApps, users } from "../src/db/schema/index.ts";
import { freePort } from "../test/helpers/free-port.ts";
import { workersOf } from "../test/helpers/server-process.ts";
import { TYPESCRIPT_NODE_ARGS } from "../test/helpers/typescript-process.ts";
import { writeCatalogueFile } from "./generate-catalogue.ts";

/**
 * The store as npm start runs it (bench/server.ts), in its own process, seeded
 * with the demo unless `env` says otherwise. Without `dataDir` it gets a fresh
 * one, removed when it stops; a given one is left for the caller.
 */
export async function startBenchServer(env: Record<string, string>, dataDir?: string) {
  // A port free now: a store left over from an interrupted run may still hold one picked at random.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-"));
  const child = fork(path.join(import.meta.dirname, "server.ts"), [], {
    // As npm start runs the server (package.json), from its TypeScript source.
    execArgv: TYPESCRIPT_NODE_ARGS,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dir,
      LOG_LEVEL: "error",
      SEED: "demo",
      ...env,
    },
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return runningStore(child, url, () => {
    if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
  });
}

/** A store process the bench started at `url`: its serving processes, and a stop that waits for it. */
export function runningStore(child: ChildProcess, url: string, afterStop: () => void = () => {}) {
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    /** The processes that serve: the workers, or the one process (WORKERS=1, PGlite). */
    servers(): number[] {
      const children = workersOf(pid);
      return children.length ? children : [pid];
    },
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
      afterStop();
    },
  };
}

/** An admin and a session for it on a bench database: the bearer token. */
export async function createBenchAdmin(database: Database): Promise<string> {
  const [admin] = await database.db
    .insert(users)
    .values({
      name: "Bench admin",
      email: "bench-admin@example.com",
      passwordHash: await hashPassword("Bench@2026x"),
      role: "admin",
    })
    .returning({ id: users.id });
  if (!admin) throw new Error("no admin");
  return operatorSession(database.db, admin.id);
}

/**
 * A session of an operator that did its second step, as the admin area asks (decision 0054): the account
 * gets an authenticator app (a random secret nobody reads) if it has none.
 */
export async function operatorSession(db: Db, userId: number): Promise<string> {
  const now = new Date();
  const box = await SecretBox.load(db);
  await db
    .insert(authenticatorApps)
    .values({ userId, secret: box.seal(randomBytes(20).toString("hex")), confirmedAt: now })
    .onConflictDoNothing();
  return (await createSession({ db, userId, rememberMe: true, now, secondStep: true })).token;
}

/** The resident memory of a process, in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The resident memory of processes together, in MB. */
export const totalRssMb = (pids: number[]) => pids.reduce((sum, pid) => sum + rssMb(pid), 0);

/** A new database on the PostgreSQL server of BENCH_DATABASE_URL / TEST_DATABASE_URL / the local one, or null. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `skillshelf_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Runs `work` while sampling the RSS of processes every 20 ms: its result, and
 * each process's RSS before and at its peak (MB), in the order of `pids`.
 */
export async function watchRss<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; before: number[]; peak: number[] }> {
  const before = pids.map(rssMb);
  const peak = [...before];
  const sample = () => {
    for (const [i, pid] of pids.entries()) peak[i] = Math.max(peak[i] ?? 0, rssMb(pid));
  };
  const sampler = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A data directory holding a catalogue `size` times the demo's, imported with
 * `npm run catalogue -- import FILE` as an operator would before starting the
 * store: the generated file and how long each step took.
 */
export async function catalogueStore(size: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skillshelf-bench-${size}x-`));
  const file = path.join(dir, "catalogue.json");
  const dataDir = path.join(dir, "data");
  let t = performance.now();
  const written = await writeCatalogueFile(size, file);
  const generatedIn = (performance.now() - t) / 1000;
  t = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...TYPESCRIPT_NODE_ARGS, path.join(import.meta.dirname, "../src/cli.ts"), "import", file],
    { cwd: path.join(import.meta.dirname, ".."), env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" } },
  );
  return { dir, dataDir, written, generatedIn, importedIn: (performance.now() - t) / 1000, imported: stdout.trim() };
}
