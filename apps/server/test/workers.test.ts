import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureWebBuild,
  type FreshDatabase,
  freshDatabase,
  type Server,
  signInBurst,
  startServer,
  workersOf,
} from "./helpers/server-process.ts";
import { TYPESCRIPT_NODE_ARGS } from "./helpers/typescript-process.ts";

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, "..");

const answeredBy = (server: Server) =>
  new Set(server.lines.filter((l) => l.msg === "request completed").map((l) => l.pid));

beforeAll(() => ensureWebBuild(), 120_000);

if (process.env.TEST_DATABASE_URL) {
  describe("several processes on PostgreSQL (WORKERS)", () => {
    let database: FreshDatabase;
    let server: Server;

    beforeAll(async () => {
      database = await freshDatabase();
      server = await startServer({ ...database.env, WORKERS: "2" });
      await server.waitFor("both workers", (lines) =>
        lines.some((l) => l.msg.startsWith("Skillshelf runs 2 processes")),
      );
    }, 120_000);

    afterAll(async () => {
      if (server.child.exitCode === null) {
        server.child.kill("SIGKILL");
        await server.exited;
      }
      await database.drop();
    });

    it("serves one port from two processes, a session made on one valid on the other", async () => {
      const pid = server.child.pid ?? 0;
      expect(workersOf(pid)).toHaveLength(2);
      const base = `http://127.0.0.1:${server.port}`;
      const account = {
        name: "Two",
        email: "two@workers.test",
        password: "Secret#2026a",
        confirm_password: "Secret#2026a",
      };
      const registered = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(account),
      });
      expect(registered.status).toBe(201);
      const login = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", connection: "close" },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      const token = ((await login.json()) as { session_token: string }).session_token;
      // Each request on a connection of its own: the primary hands connections round the workers.
      for (let i = 0; i < 6; i++) {
        const page = await fetch(`${base}/my-orders`, {
          headers: { cookie: `access-token=${token}`, connection: "close" },
        });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("Order History");
      }
      expect(answeredBy(server)).toEqual(new Set(workersOf(pid)));
    });

    it("replaces a worker that dies, and keeps serving", async () => {
      const pid = server.child.pid ?? 0;
      const before = workersOf(pid);
      process.kill(before[0] ?? 0, "SIGKILL");
      await server.waitFor("a new worker to serve", (lines) => {
        const now = workersOf(pid);
        const fresh = now.find((worker) => !before.includes(worker));
        return now.length === 2 && lines.some((l) => l.pid === fresh && l.msg.startsWith("Skillshelf is serving"));
      });
      expect(server.stderr()).toContain("A store process exited (SIGKILL): starting another");
      const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: { connection: "close" } });
      expect(res.status).toBe(200);
    });

    it("closes every worker on SIGTERM, answering each request sent before it, and exits 0", async () => {
      const pid = server.child.pid ?? 0;
      const workers = workersOf(pid);
      // New connections the primary is still handing round when the signal comes: none is reset.
      const burst = signInBurst(server.port, 120);
      await new Promise((r) => setTimeout(r, 10));
      server.child.kill("SIGTERM");
      const answers = await Promise.all(burst);
      expect(answers.filter((a) => a !== "401" && a !== "429")).toEqual([]);
      const { code } = await server.exited;
      expect(code).toBe(0);
      const closed = server.lines.filter((l) => /^Skillshelf closed in \d+ ms/.test(l.msg));
      expect(closed.map((l) => l.pid).sort()).toEqual([...workers].sort());
      for (const worker of workers) expect(fs.existsSync(`/proc/${worker}`)).toBe(false);
    });
  });
} else {
  describe("one process on the embedded database", () => {
    it("refuses WORKERS above 1 without DATABASE_URL, naming why", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-workers-"));
      try {
        const failed = await run(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/server.ts"], {
          cwd: serverDir,
          env: { ...process.env, WORKERS: "2", DATABASE_URL: "", DATA_DIR: dataDir },
        }).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failed?.code).toBe(1);
        expect(failed?.stderr.trim()).toBe(
          'Invalid WORKERS ("2"): needs DATABASE_URL: the embedded database serves one process',
        );
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("runs as one process by default", async () => {
      const database = await freshDatabase();
      const server = await startServer(database.env);
      try {
        expect(workersOf(server.child.pid ?? 0)).toEqual([]);
        expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
      } finally {
        server.child.kill("SIGTERM");
        const { code } = await server.exited;
        const log = server.messages().filter((m) => m !== "incoming request" && m !== "request completed");
        expect(code, `${log.join("\n")}\n${server.stderr()}`).toBe(0);
        await database.drop();
      }
    }, 120_000);
  });
}
