import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { freePort } from "../apps/server/test/helpers/free-port.ts";
import { TYPESCRIPT_NODE_ARGS } from "../apps/server/test/helpers/typescript-process.ts";
import { CHROMIUM_ARGS } from "./support/chromium.ts";
import { startMailbox } from "./support/mailbox.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The payment emulators' origin, as GET /api/health names it. */
    emulatorsUrl: string;
    /** The test mail server's reading endpoint (e2e/support/mailbox.ts). */
    mailboxUrl: string;
    /** An operator made with the CLI before the store started (e2e/support/admin.ts). */
    admin: { email: string; password: string };
    /** The one Chromium of the run, which each file connects to (e2e/support/browser.ts). */
    browserEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, "..");

/**
 * Starts Chromium, and the built store with the demo catalogue on a fresh embedded
 * database, sending its mail to a local SMTP server that the tests can read. Its
 * payment emulators start with it, on their own port, which /api/health names.
 */
export default async function setup(project: TestProject) {
  // One browser for the run: each file opens its own contexts in it rather than starting Chromium.
  const browser = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const mailbox = await startMailbox();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  // The admin comes from the CLI while the embedded database is still free; its link sets the password below.
  const admin = { email: "admin@e2e.test", password: "Admin@2026x" };
  const created = execFileSync(
    process.execPath,
    [...TYPESCRIPT_NODE_ARGS, "apps/server/src/cli.ts", "create-admin", admin.email],
    {
      cwd: root,
      env: { ...process.env, PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  const adminToken = /\/reset-password\/(\S+)/.exec(created)?.[1];
  if (!adminToken) throw new Error(`create-admin printed no link: ${created}`);
  // Rows the tests need that the store's API cannot make (e2e/support/seed-*.ts), while the database is free.
  for (const seed of ["seed-admin-pages.ts", "seed-languages.ts", "seed-learner.ts", "seed-guarantees.ts"]) {
    execFileSync(process.execPath, [...TYPESCRIPT_NODE_ARGS, `e2e/support/${seed}`], {
      cwd: root,
      env: { ...process.env, PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: "inherit",
    });
  }
  // The compiled server, as `npm start` runs it (npm test builds it first); node itself, not npx:
  // the signal at teardown must reach the server, not a wrapper.
  const server: ChildProcess = spawn(process.execPath, ["apps/server/dist/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED: "demo",
      SMTP_URL: mailbox.smtpUrl,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  let emulatorsUrl = "";
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The store exited with ${server.exitCode ?? server.signalCode}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        emulatorsUrl = ((await res.json()) as { emulators?: string }).emulators ?? "";
        break;
      }
    } catch {}
    if (Date.now() > deadline) throw new Error("The store did not start within 90 s");
    // Not ready yet: ask again soon, so that the suite starts as soon as the store can serve.
    await new Promise((r) => setTimeout(r, 50));
  }
  const reset = await fetch(`${baseUrl}/api/reset-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: adminToken, password: admin.password, confirm_password: admin.password }),
  });
  if (!reset.ok) throw new Error(`Setting the admin's password failed: ${reset.status} ${await reset.text()}`);
  if (!emulatorsUrl) throw new Error("GET /api/health named no payment emulators");
  project.provide("baseUrl", baseUrl);
  project.provide("emulatorsUrl", emulatorsUrl);
  project.provide("admin", admin);
  project.provide("mailboxUrl", mailbox.url);
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await mailbox.close();
  };
}
