import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../src/admin/create-admin.ts";
import { users } from "../src/db/schema/index.ts";
import { bearer, createUser, login, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { migratedDataDir } from "./helpers/database.ts";
import { TYPESCRIPT_NODE_ARGS } from "./helpers/typescript-process.ts";

let store: TestStore;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  store = await createTestStore();
  const admin = await createUser(store, { role: "admin", name: "Operator" });
  adminId = admin.id;
  adminToken = await signIn(store, admin.id);
});
afterAll(() => store.close());

const call = (token: string | null, method: "GET" | "POST", url: string) =>
  store.app.inject({ method, url, headers: token ? bearer(token) : {} });

describe("the admin area", () => {
  it("answers 401 to a visitor and 403 to a learner on every call", async () => {
    const learner = await createUser(store);
    const token = await signIn(store, learner.id);
    for (const [method, url] of [
      ["GET", "/api/admin/users"],
      ["POST", `/api/admin/users/${learner.id}/block`],
      ["POST", `/api/admin/users/${learner.id}/make-admin`],
    ] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
      const res = await call(token, method, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: false, message: "This area is for store operators." });
    }
    const [row] = await store.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row).toMatchObject({ role: "learner", blockedAt: null });
  });

  it("lists users newest first, searched by name or e-mail, 20 a page", async () => {
    for (let i = 0; i < 22; i++) await createUser(store, { name: `Paged Person ${i}`, email: `paged${i}@example.org` });
    const first = (await call(adminToken, "GET", "/api/admin/users?search=paged%20person")).json().data;
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].name).toBe("Paged Person 21");
    expect(first.prev_cursor).toBeNull();
    // The search and its cursor go together (the case of the search does not matter).
    const next = encodeURIComponent(first.next_cursor);
    const second = (await call(adminToken, "GET", `/api/admin/users?search=PAGED%20Person&cursor=${next}`)).json().data;
    expect(second.rows.map((r: { name: string }) => r.name)).toEqual(["Paged Person 1", "Paged Person 0"]);
    expect(second.next_cursor).toBeNull();
    const byEmail = (await call(adminToken, "GET", "/api/admin/users?search=paged7@")).json().data;
    expect(byEmail.rows.map((r: { email: string }) => r.email)).toEqual(["paged7@example.org"]);
    expect((await call(adminToken, "GET", "/api/admin/users?search=%25")).json().data.rows).toEqual([]);
  });

  it("blocks a learner: their sessions end at once and they cannot sign in; unblocking lets them back", async () => {
    const learner = await createUser(store);
    const token = await signIn(store, learner.id);
    expect((await call(adminToken, "POST", `/api/admin/users/${learner.id}/block`)).json()).toEqual({
      status: true,
      message: "The user is blocked and signed out everywhere.",
    });
    expect(
      (await store.app.inject({ method: "POST", url: "/api/get-profile", headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await login(store, learner.email, learner.password)).res.statusCode).toBe(403);
    await call(adminToken, "POST", `/api/admin/users/${learner.id}/unblock`);
    expect((await login(store, learner.email, learner.password)).res.statusCode).toBe(200);
  });

  it("verifies e-mail and grants or removes the admin role, but not the admin's own", async () => {
    const learner = await createUser(store);
    await call(adminToken, "POST", `/api/admin/users/${learner.id}/verify-email`);
    await call(adminToken, "POST", `/api/admin/users/${learner.id}/make-admin`);
    let [row] = await store.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.role).toBe("admin");
    await call(adminToken, "POST", `/api/admin/users/${learner.id}/remove-admin`);
    [row] = await store.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row?.role).toBe("learner");
    const self = await call(adminToken, "POST", `/api/admin/users/${adminId}/block`);
    expect(self.statusCode).toBe(409);
    expect((await call(adminToken, "POST", "/api/admin/users/999999/block")).statusCode).toBe(404);
  });
});

describe("the first admin", () => {
  it("is created with a one-time link that sets the password", async () => {
    const { link, created } = await createAdmin({
      db: store.database.db,
      email: "Boss@Example.com",
      publicUrl: "http://store.test:3000",
      now: store.app.clock(),
    });
    expect(created).toBe(true);
    const token = /\/reset-password\/([\w-]{43})$/.exec(link)?.[1];
    const body = { token, password: "Owner@2026x", confirm_password: "Owner@2026x" };
    expect((await store.app.inject({ method: "POST", url: "/api/reset-password", payload: body })).statusCode).toBe(
      200,
    );
    expect((await store.app.inject({ method: "POST", url: "/api/reset-password", payload: body })).statusCode).toBe(
      422,
    );
    const { body: session } = await login(store, "boss@example.com", "Owner@2026x");
    // The password signs in, but opens no admin call before a second step (docs/decisions/0054).
    const denied = await call(session.session_token, "GET", "/api/admin/users");
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/needs a second step/);
  });

  it("is created from the command line, which prints the link", async () => {
    const dir = migratedDataDir(await fs.mkdtemp(path.join(os.tmpdir(), "admin-")));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", "create-admin", "ops@example.com"],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATA_DIR: dir, SEED: "none", PUBLIC_URL: "https://shop.example" },
      },
    );
    expect(stdout).toMatch(
      /^Created the admin ops@example\.com\. Set its password within 24 hours, once, at:\nhttps:\/\/shop\.example\/reset-password\/[\w-]{43}\n$/,
    );
  }, 60_000);

  it("gets its second step reset from the command line when locked out (docs/operations.md)", async () => {
    const dir = migratedDataDir(await fs.mkdtemp(path.join(os.tmpdir(), "admin-")));
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, [...TYPESCRIPT_NODE_ARGS, "src/cli.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATA_DIR: dir, SEED: "none", PUBLIC_URL: "https://shop.example" },
      });
    await cli("create-admin", "locked@example.com");
    const { stdout, stderr } = await cli("reset-second-step", "Locked@Example.com");
    expect(stdout).toMatch(
      /^Reset the second step of locked@example\.com: 0 passkey\(s\) and its recovery codes removed, every session ended\./,
    );
    expect(stderr).toContain('"event":"admin.second_step_reset"');
    await expect(cli("reset-second-step", "nobody@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No account has the e-mail nobody@example.com."),
    });
  }, 90_000);
});
