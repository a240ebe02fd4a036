import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, e2eBrowserPath } from "../apps/server/test/helpers/chromium.ts";
import { freePort } from "../apps/server/test/helpers/free-port.ts";
import { TYPESCRIPT_NODE_ARGS } from "../apps/server/test/helpers/typescript-process.ts";
import { startMailbox } from "./support/mailbox.ts";
import { ADMIN_SECOND_STEP, totpCode } from "./support/second-step.ts";

/** One store of the run, with its own database, mail server and operator. */
export interface E2eStore {
  baseUrl: string;
  /** The payment emulators' origin, as GET /api/health names it. */
  emulatorsUrl: string;
  /** The store's test mail server's reading endpoint (e2e/support/mailbox.ts). */
  mailboxUrl: string;
  /**
   * An operator made with the CLI before the store started (e2e/support/admin.ts), and the token of its
   * session, signed in with its password and its authenticator app's code (e2e/support/second-step.ts).
   */
  admin: { email: string; password: string; sessionToken: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's stores: each test worker drives its own (e2e/support/store.ts). */
    stores: E2eStore[];
    /** The one Chromium of the run, which each file connects to (e2e/support/browser.ts). */
    browserEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, "..");
const execFileAsync = promisify(execFile);

/**
 * Starts Chromium, and a store per test worker (maxWorkers in vitest.config.ts), each of which
 * runs one file at a time (e2e/support/store.ts): the built
 * store with the demo catalogue on a fresh embedded database, sending its mail to a local SMTP
 * server that the tests can read. Its payment emulators start with it, on their own port,
 * which /api/health names. Chromium takes most of the run's CPU, so a second store saves
 * about a sixth of the time, not half (decision 0039).
 */
export default async function setup(project: TestProject) {
  // One browser for the run: each file opens its own contexts in it rather than starting Chromium.
  const browser = await chromium.launchServer({ executablePath: e2eBrowserPath(), args: CHROMIUM_ARGS });
  const started = await Promise.allSettled(Array.from({ length: project.config.maxWorkers }, () => startStore()));
  const stops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value.stop] : []));
  const teardown = async () => {
    await browser.close();
    await Promise.all(stops.map((stop) => stop()));
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    "stores",
    started.flatMap((result) => (result.status === "fulfilled" ? [result.value.store] : [])),
  );
  project.provide("browserEndpoint", browser.wsEndpoint());
  return teardown;
}

/** One store on its own data directory, port and mail server; `stop` ends and removes them. */
async function startStore(): Promise<{ store: E2eStore; stop: () => Promise<void> }> {
  const mailbox = await startMailbox();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  // A UK seller registered for VAT and the OSS (purchase-vat.test.ts), trusting its own loopback as a proxy so a
  // test can say where its buyer is (X-Forwarded-For).
  const env = {
    ...process.env,
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    VAT_NUMBER: "GB980780684",
    VAT_OSS: "on",
    TRUST_PROXY: "loopback",
  };
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server?.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await mailbox.close();
  };
  try {
    // The admin comes from the CLI while the embedded database is still free; its link sets the password below.
    const admin = { email: ADMIN_SECOND_STEP.email, password: "Admin@2026x" };
    const created = await execFileAsync(
      process.execPath,
      [...TYPESCRIPT_NODE_ARGS, "apps/server/src/cli.ts", "create-admin", admin.email],
      { cwd: root, env, encoding: "utf8" },
    );
    const adminToken = /\/reset-password\/(\S+)/.exec(created.stdout)?.[1];
    if (!adminToken) throw new Error(`create-admin printed no link: ${created.stdout}`);
    // Rows the tests need that the store's API cannot make (e2e/support/seed-*.ts), while the database is free.
    for (const seed of [
      "seed-admin-pages.ts",
      "seed-languages.ts",
      "seed-learner.ts",
      "seed-guarantees.ts",
      "seed-second-step.ts",
    ]) {
      const seeded = await execFileAsync(process.execPath, [...TYPESCRIPT_NODE_ARGS, `e2e/support/${seed}`], {
        cwd: root,
        env,
        encoding: "utf8",
      });
      process.stderr.write(seeded.stderr);
    }
    // The compiled server, as `npm start` runs it (npm test builds it first); node itself, not npx:
    // the signal at teardown must reach the server, not a wrapper.
    server = spawn(process.execPath, ["apps/server/dist/server.js"], {
      cwd: root,
      env: { ...env, PORT: String(port), SEED: "demo", SMTP_URL: mailbox.smtpUrl },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const emulatorsUrl = await untilHealthy(server, baseUrl);
    const reset = await fetch(`${baseUrl}/api/reset-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: adminToken, password: admin.password, confirm_password: admin.password }),
    });
    if (!reset.ok) throw new Error(`Setting the admin's password failed: ${reset.status} ${await reset.text()}`);
    const sessionToken = await signInWithSecondStep(baseUrl, admin);
    return { store: { baseUrl, emulatorsUrl, mailboxUrl: mailbox.url, admin: { ...admin, sessionToken } }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The operator's session for the run: the password, then the authenticator app's code of this time step
 * (admin-journey.test.ts signs in with the next one's), through the API as a client would.
 */
async function signInWithSecondStep(baseUrl: string, admin: { email: string; password: string }): Promise<string> {
  const post = (url: string, body: object) =>
    fetch(`${baseUrl}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const password = await post("/api/login", { email: admin.email, password: admin.password });
  const wait = (await password.json()) as { second_step_token?: string };
  if (!wait.second_step_token) throw new Error(`The admin's sign-in asked for no second step: ${password.status}`);
  const done = await post("/api/login/second-step", {
    second_step_token: wait.second_step_token,
    code: totpCode(ADMIN_SECOND_STEP.secret),
  });
  const session = (await done.json()) as { session_token?: string };
  if (!session.session_token) throw new Error(`The admin's second step failed: ${done.status}`);
  return session.session_token;
}

/** Waits until the store answers GET /api/health; returns the emulators' origin it names. */
async function untilHealthy(server: ChildProcess, baseUrl: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The store exited with ${server.exitCode ?? server.signalCode}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        const emulatorsUrl = ((await res.json()) as { emulators?: string }).emulators;
        if (!emulatorsUrl) throw new Error("GET /api/health named no payment emulators");
        return emulatorsUrl;
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("GET /api/health")) throw error;
    }
    if (Date.now() > deadline) throw new Error("The store did not start within 90 s");
    // Not ready yet: ask again soon, so that the suite starts as soon as the store can serve.
    await new Promise((r) => setTimeout(r, 50));
  }
}
