import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "../../src/db/client.ts";
import { copyTemplateDatabase, migratedDataDir } from "./database.ts";
import { freePort } from "./free-port.ts";
import { TYPESCRIPT_NODE_ARGS } from "./typescript-process.ts";

export { ensureWebBuild } from "./web-build.ts";

/*
 * The store as a real process, as `npm start` runs it (server.ts under node,
 * so signals reach it), for the tests of what only a process does: signals,
 * exit codes, several workers.
 */

const serverDir = path.resolve(import.meta.dirname, "../..");

/** The worker processes of a store started with several (WORKERS): its children that run server.ts too. */
export const workersOf = (pid: number): number[] =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    // The store's own processes (server.ts, or the compiled server.js), not the emulators or a shell.
    .filter((child) => /server\.[jt]s/.test(fs.readFileSync(`/proc/${child}/cmdline`, "utf8")));

/**
 * A fresh database for one server process: a DATA_DIR, or a new database on TEST_DATABASE_URL's server;
 * migrated, a copy of the run's (helpers/database.ts).
 */
export async function freshDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = migratedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-shutdown-")));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const copy = await copyTemplateDatabase(serverUrl, "skillshelf_shutdown");
  // The store's own files (its mail outbox, the emulators' records) in a folder of this test's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-shutdown-"));
  return {
    env: { DATABASE_URL: copy.url, DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: copy.url, maxConnections: 2 }),
    drop: async () => {
      await copy.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LogLine {
  level: number;
  /** The process that wrote it (a worker, with several). */
  pid?: number;
  msg: string;
  req?: { url?: string };
}

/** server.ts as `npm start` runs it: node itself, so the signal reaches the server. */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/server.ts"], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SEED: "none", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  let stderr = "";
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        lines.push({ level: 30, msg: line });
      }
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  let alive = true;
  void exited.then(() => {
    alive = false;
  });

  const waitFor = async (what: string, test: (lines: LogLine[]) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!test(lines)) {
      if (!alive || Date.now() > deadline) {
        throw new Error(`waiting for ${what}; server ${alive ? "still running" : "exited"}; stderr: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await waitFor("start-up", (l) => l.some((line) => line.msg.startsWith("Skillshelf is serving")), 100_000);
  return {
    child,
    port,
    lines,
    exited,
    waitFor,
    messages: () => lines.map((l) => l.msg),
    stderr: () => stderr,
    incoming: () => lines.filter((l) => l.msg === "incoming request").length,
  };
}

export type Server = Awaited<ReturnType<typeof startServer>>;
export type FreshDatabase = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * `count` sign-ins for no account at once, each on a connection of its own:
 * each resolves with its status (401, then 429 once the address's limit is
 * spent), or with the error that ended it (ECONNRESET).
 */
export function signInBurst(port: number, count: number): Promise<string>[] {
  return Array.from(
    { length: count },
    (_, i) =>
      new Promise<string>((resolve) => {
        const body = JSON.stringify({ email: `nobody${i}@burst.test`, password: "Wrong#pass1" });
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/login",
            agent: false,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(String(res.statusCode)));
          },
        );
        request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        request.end(body);
      }),
  );
}
