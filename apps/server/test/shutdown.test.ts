import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Database } from "../src/db/client.ts";
import { mailOutbox, users } from "../src/db/schema/index.ts";
import { parseConfig } from "../src/env.ts";
import { CLOSING_MESSAGE } from "../src/plugins/graceful-close.ts";
import { PUBLIC_URL } from "./helpers/app.ts";
import { createTestDatabase } from "./helpers/database.ts";
import {
  ensureWebBuild,
  type FreshDatabase,
  freshDatabase,
  type Server,
  signInBurst,
  startServer,
} from "./helpers/server-process.ts";

const _serverDir = path.resolve(import.meta.dirname, "..");
const PASSWORD = "Secret#2026a";

beforeAll(() => ensureWebBuild(), 120_000);

/** A busy process on one of the cores while the store shuts down, as on a loaded machine. */
function loadTheCpu(): { stop(): void } {
  const hog = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  return { stop: () => hog.kill("SIGKILL") };
}

type Answer = { status: number; connection: string | undefined; body: { status?: boolean; [key: string]: unknown } };

/**
 * A POST whose headers and first half of body are sent now: the server has the
 * request in hand but cannot answer until finish() sends the rest.
 */
function heldRequest(agent: http.Agent, port: number, url: string, payload: object, headers: http.OutgoingHttpHeaders) {
  const body = JSON.stringify(payload);
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: url,
    agent,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }),
      );
      res.on("error", reject);
    });
  });
  request.write(body.slice(0, half));
  return { answered, finish: () => request.end(body.slice(half)) };
}

async function post(port: number, url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as { session_token?: string } };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/** A sign-in held half-sent on the server, so it is in flight when the signal comes: "answered" or "cut". */
async function holdLogin(server: Server, agent: http.Agent) {
  const before = server.incoming();
  const stuck = heldRequest(agent, server.port, "/api/login", { email: "a@b.test", password: PASSWORD }, {});
  const outcome = stuck.answered.then(
    () => "answered",
    () => "cut",
  );
  await server.waitFor("the request to arrive", () => server.incoming() > before);
  // Wrapped: an async function would otherwise wait for the answer itself.
  return { outcome };
}

describe("SIGTERM", () => {
  /** One server per test, each with its own grace period in seconds. */
  const GRACE = { answers: 30, deadline: 2, insist: 60 } as const;
  const started: { -readonly [K in keyof typeof GRACE]?: { server?: Server; database: FreshDatabase } } = {};
  const serverFor = (name: keyof typeof GRACE) => {
    const entry = started[name];
    if (!entry?.server) throw new Error(`the ${name} server did not start`);
    return { server: entry.server, database: entry.database };
  };

  // Started together: start-up (compiling) is most of each test's time.
  beforeAll(async () => {
    await Promise.all(
      (Object.keys(GRACE) as (keyof typeof GRACE)[]).map(async (name) => {
        const database = await freshDatabase();
        started[name] = { database };
        started[name].server = await startServer({ ...database.env, SHUTDOWN_GRACE_S: String(GRACE[name]) });
      }),
    );
  }, 120_000);

  afterAll(async () => {
    for (const { server, database } of Object.values(started)) {
      if (server) {
        server.child.kill("SIGKILL");
        await server.exited;
      }
      await database.drop();
    }
  });

  it("answers the 60 requests in flight, stops the mail worker, closes the database and exits 0", async () => {
    const { server, database } = serverFor("answers");
    const grace = GRACE.answers;
    const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
    let cpu: { stop(): void } | undefined;
    try {
      const setup = "setup@shutdown.test";
      const account = { name: "Setup", email: setup, password: PASSWORD, confirm_password: PASSWORD };
      expect((await post(server.port, "/api/register", account)).status).toBe(201);
      const signedIn = await post(server.port, "/api/login", { email: setup, password: PASSWORD });
      const token = signedIn.body.session_token;
      expect(token).toBeTruthy();

      // 8 registrations and 8 sign-ins (argon2id each, and mail for the outbox),
      // and 44 profile reads, within the per-address and per-account limits.
      const newEmails = Array.from({ length: 8 }, (_, i) => `learner${i}@shutdown.test`);
      const before = server.incoming();
      cpu = loadTheCpu();
      const held = [
        ...newEmails.map((email) =>
          heldRequest(
            agent,
            server.port,
            "/api/register",
            { name: "Learner", email, password: PASSWORD, confirm_password: PASSWORD },
            {},
          ),
        ),
        ...Array.from({ length: 8 }, () =>
          heldRequest(agent, server.port, "/api/login", { email: setup, password: PASSWORD }, {}),
        ),
        ...Array.from({ length: 44 }, () =>
          heldRequest(agent, server.port, "/api/get-profile", {}, { authorization: `Bearer ${token}` }),
        ),
      ];
      expect(held).toHaveLength(60);
      await server.waitFor("the 60 requests to arrive", () => server.incoming() - before >= 60);

      const signalledAt = Date.now();
      // Twice, as a signal to npm start's process group arrives: once from the
      // sender and once forwarded by npm.
      server.child.kill("SIGTERM");
      server.child.kill("SIGTERM");
      await server.waitFor("the server to take the signal", (lines) =>
        lines.some((l) => l.msg.startsWith("SIGTERM: closing;")),
      );
      expect(server.messages()).toContain(`SIGTERM: closing; 60 request(s) in flight, waiting up to ${grace} s`);
      // No new connections while the 60 are still waiting for their bodies.
      while (!(await refusesConnections(server.port))) await new Promise((r) => setTimeout(r, 50));

      for (const request of held) request.finish();
      const answers = await Promise.all(held.map((request) => request.answered));
      const expected = [...Array(8).fill(201), ...Array(8).fill(200), ...Array(44).fill(200)];
      expect(answers.map((a) => a.status)).toEqual(expected);
      expect(answers.every((a) => a.body.status === true)).toBe(true);
      // Keep-alive clients are told to let go, so the close does not wait out keepAliveTimeout.
      expect(answers.every((a) => a.connection === "close")).toBe(true);

      const { code, at } = await server.exited;
      cpu.stop();
      const warnings = server.lines.filter((l) => l.level >= 40).map((l) => l.msg);
      expect(code, [...warnings, server.stderr()].join("\n")).toBe(0);
      expect(at - signalledAt).toBeLessThan(grace * 1000);
      const messages = server.messages();
      expect(messages).toContain("mail delivery stopped");
      expect(messages).toContain("payment reconciler stopped");
      expect(messages.some((m) => /^Skillshelf closed in \d+ ms: requests answered/.test(m))).toBe(true);
      expect(server.lines.filter((l) => l.level >= 50)).toEqual([]);

      // Nothing lost: every registration is stored with its mail, and no mail was
      // left claimed mid-batch (a claim pushes its next attempt into the future).
      const reopened: Database = await database.open();
      try {
        const stored = await reopened.db.select().from(users).where(inArray(users.email, newEmails));
        expect(stored).toHaveLength(8);
        const mail = await reopened.db.select().from(mailOutbox);
        expect(mail).toHaveLength(9);
        const reopenedAt = Date.now();
        for (const row of mail) expect(row.sentAt !== null || row.nextAttemptAt.getTime() <= reopenedAt).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      cpu?.stop();
      agent.destroy();
    }
  }, 60_000);

  it("exits 1 by the end of the grace period, naming the request it cut", async () => {
    const { server } = serverFor("deadline");
    const agent = new http.Agent({ keepAlive: true });
    try {
      const { outcome } = await holdLogin(server, agent);
      const signalledAt = Date.now();
      server.child.kill("SIGTERM");

      const { code, at } = await server.exited;
      expect(code).toBe(1);
      // It waited for the grace period, and not much more (the test's own timeout is the bound).
      expect(at - signalledAt).toBeGreaterThanOrEqual(1900);
      expect(await outcome).toBe("cut");
      const cut = server.lines.find((l) => l.level >= 50 && l.msg.includes("ran out"));
      expect(cut?.msg).toMatch(
        /^The shutdown grace period \(SHUTDOWN_GRACE_S=2\) ran out: exiting, cut: POST \/api\/login \(running [\d.]+ s\)$/,
      );
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it("takes a repeat within moments as the same signal (npm forwards it), and a later one as: stop now", async () => {
    const { server } = serverFor("insist");
    const agent = new http.Agent({ keepAlive: true });
    try {
      const { outcome } = await holdLogin(server, agent);
      server.child.kill("SIGTERM");
      await server.waitFor("the server to take the signal", (lines) =>
        lines.some((l) => l.msg.startsWith("SIGTERM: closing;")),
      );
      server.child.kill("SIGTERM");
      await server.waitFor("the repeat to be recognised", (lines) =>
        lines.some((l) => l.msg === "SIGTERM again within 2 s: the same request (npm forwards signals)"),
      );
      // Past the repeat window: the operator insists.
      await new Promise((r) => setTimeout(r, 2500));
      expect(server.child.exitCode).toBe(null);
      server.child.kill("SIGTERM");

      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(await outcome).toBe("cut");
      expect(server.lines.find((l) => l.level >= 50)?.msg).toMatch(
        /^SIGTERM while closing: exiting now, cut: POST \/api\/login \(running [\d.]+ s\)$/,
      );
    } finally {
      agent.destroy();
    }
  }, 60_000);
});

describe("a stop a moment after a burst of new connections", () => {
  it("answers every request sent before it, none reset, and exits 0", async () => {
    const database = await freshDatabase();
    const server = await startServer(database.env);
    try {
      const burst = signInBurst(server.port, 120);
      // While most of them still wait in the listen queue or for their first read.
      await new Promise((r) => setTimeout(r, 10));
      server.child.kill("SIGTERM");
      const answers = await Promise.all(burst);
      expect(answers.filter((a) => a !== "401" && a !== "429")).toEqual([]);
      expect((await server.exited).code).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await database.drop();
    }
  }, 60_000);
});

/** The store in this test's own process, on a fresh database, without pages: to hold its close where a test needs. */
async function storeInThisProcess(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: parseConfig({ SEED: "none", LOG_LEVEL: "silent", PUBLIC_URL, ...env }),
    database,
    pages: false,
    mailPollMs: 60_000,
  });
  return { database, app };
}

describe("a request that arrives while the store closes", () => {
  it("gets a 503 in the envelope with Connection: close", async () => {
    const { database, app } = await storeInThisProcess();
    // Holds the close between "closing" and "stop listening", where a late request lands.
    let entered!: () => void;
    let release!: () => void;
    const inClose = new Promise<void>((r) => {
      entered = r;
    });
    const held = new Promise<void>((r) => {
      release = r;
    });
    app.addHook("preClose", async () => {
      entered();
      await held;
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; body: unknown }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/api/health", agent }, (res) => {
            let text = "";
            res.on("data", (c: Buffer) => {
              text += c.toString();
            });
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }),
            );
          })
          .on("error", reject);
      });
    try {
      expect(await get()).toMatchObject({ status: 200, connection: "keep-alive" });
      const closed = app.close();
      await inClose;
      // The same keep-alive connection, now idle in the agent's pool.
      expect(await get()).toEqual({
        status: 503,
        connection: "close",
        body: { status: false, message: CLOSING_MESSAGE },
      });
      release();
      await closed;
    } finally {
      release();
      agent.destroy();
      await database.close();
    }
  });
});

describe("a connection that has sent nothing when the store closes", () => {
  it("is closed after a moment, so the stop does not wait out its grace period; health says 503 meanwhile", async () => {
    // A long grace period: the wait for the socket stays within the 10 s Fastify allows a close hook.
    const { database, app } = await storeInThisProcess({ SHUTDOWN_GRACE_S: "30" });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;
    // A client that dialled and has not written yet (a browser's spare connection).
    const socket = net.connect(port, "127.0.0.1");
    const closedByServer = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      expect(app.unfinished()).toEqual([]);
      // Without the store's own step, Fastify's close waits for this socket for ever.
      const closed = app.close();
      await expect.poll(() => app.unfinished()).toEqual(["1 idle connection(s) still open"]);
      // Meanwhile the health check tells a load balancer to send nothing new.
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(503);
      expect(health.headers.get("connection")).toBe("close");
      expect(await health.json()).toEqual({ status: false, message: CLOSING_MESSAGE });
      await closed;
      await closedByServer;
      expect(socket.destroyed).toBe(true);
    } finally {
      socket.destroy();
      await database.close();
    }
  });
});
