import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { securityEvent } from "../src/lib/security-events.ts";
import { bearer, createUser, GOOD_PASSWORD, lastMailOf, login, signIn } from "./helpers/accounts.ts";
import { createTestStore, LogCapture, type TestStore } from "./helpers/app.ts";

let store: TestStore;
const log = new LogCapture();

beforeAll(async () => {
  store = await createTestStore({ log });
});
afterAll(() => store.close());

const ADDRESS = "203.0.113.40";
const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "POST", url, headers, remoteAddress: ADDRESS, ...(payload ? { payload } : {}) });

/** Every secret a test used: none of them may appear in any security event. */
const secrets = new Set<string>([GOOD_PASSWORD]);

const lastMailTo = (email: string) => lastMailOf(store, email);

describe("security events", () => {
  it("sign in: success and each kind of failure, with the reason the client is not told", async () => {
    const user = await createUser(store);
    const blocked = await createUser(store, { blockedAt: new Date() });
    secrets.add("Wrong#pass1");

    expect((await login(store, "ghost@example.com", "Wrong#pass1")).res.statusCode).toBe(401);
    expect((await login(store, user.email, "Wrong#pass1")).res.statusCode).toBe(401);
    expect((await login(store, blocked.email, blocked.password)).res.statusCode).toBe(403);
    const ok = await login(store, user.email, user.password, true);
    expect(ok.res.statusCode).toBe(200);
    secrets.add(ok.body.session_token);

    expect(log.events("auth.login_failed")).toEqual([
      expect.objectContaining({ level: 40, email: "ghost@example.com", userId: null, reason: "unknown_email" }),
      expect.objectContaining({ level: 40, email: user.email, userId: user.id, reason: "wrong_password" }),
      expect.objectContaining({ level: 40, email: blocked.email, userId: blocked.id, reason: "blocked" }),
    ]);
    expect(log.events("auth.login_succeeded")).toEqual([
      expect.objectContaining({ level: 30, email: user.email, userId: user.id, rememberMe: true }),
    ]);
  });

  it("carry the client's address and the request id", async () => {
    await post("/api/login", { email: "nobody@example.com", password: "Wrong#pass1" });
    const [event] = log.events("auth.login_failed").slice(-1);
    expect(event).toMatchObject({ ip: ADDRESS, reqId: expect.any(String), msg: "security event auth.login_failed" });
  });

  it("password reset: requested (for a known and an unknown e-mail), failed and completed", async () => {
    const user = await createUser(store);
    await post("/api/forgot-password", { email: user.email });
    await post("/api/forgot-password", { email: "ghost@example.com" });
    expect(log.events("auth.password_reset_requested")).toEqual([
      expect.objectContaining({ level: 30, userId: user.id, email: user.email, accountExists: true, ip: ADDRESS }),
      expect.objectContaining({ level: 30, userId: null, email: "ghost@example.com", accountExists: false }),
    ]);

    const token = /\/reset-password\/([\w-]+)/.exec((await lastMailTo(user.email))?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    secrets.add(token);
    secrets.add("Brand@New2026");
    const body = { password: "Brand@New2026", confirm_password: "Brand@New2026" };
    expect((await post("/api/reset-password", { token: "not-a-real-token", ...body })).statusCode).toBe(422);
    expect((await post("/api/reset-password", { token, ...body })).statusCode).toBe(200);
    expect(log.events("auth.password_reset_failed")).toEqual([
      expect.objectContaining({ level: 40, reason: "invalid_or_expired_link", ip: ADDRESS }),
    ]);
    expect(log.events("auth.password_reset_completed")).toEqual([
      expect.objectContaining({ level: 30, userId: user.id, email: user.email, ip: ADDRESS }),
    ]);
  });

  it("password change: refused with a wrong old password, then changed", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    secrets.add(token);
    secrets.add("Changed#2026");
    const change = (old: string) =>
      post(
        "/api/change-password",
        { old_password: old, password: "Changed#2026", confirm_password: "Changed#2026" },
        bearer(token),
      );
    expect((await change("Wrong#pass1")).statusCode).toBe(422);
    expect((await change(user.password)).statusCode).toBe(200);
    expect(log.events("account.password_change_failed")).toEqual([
      expect.objectContaining({ level: 40, userId: user.id, reason: "wrong_old_password" }),
    ]);
    expect(log.events("account.password_changed")).toEqual([
      expect.objectContaining({ level: 30, userId: user.id, email: user.email, ip: ADDRESS }),
    ]);
  });

  it("e-mail change: refused without or with a wrong current password, then changed", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    secrets.add(token);
    const next = `new-${user.email}`;
    const save = (current_password?: string) =>
      post(
        "/api/update-profile",
        { name: "N", email: next, phone: "0123456789", ...(current_password ? { current_password } : {}) },
        bearer(token),
      );
    expect((await save()).statusCode).toBe(422);
    expect((await save("Wrong#pass1")).statusCode).toBe(422);
    expect((await save(user.password)).statusCode).toBe(200);
    expect(log.events("account.email_change_failed")).toEqual([
      expect.objectContaining({ level: 40, userId: user.id, email: user.email, reason: "current_password_missing" }),
      expect.objectContaining({ level: 40, userId: user.id, email: user.email, reason: "wrong_current_password" }),
    ]);
    expect(log.events("account.email_changed")).toEqual([
      expect.objectContaining({ level: 30, userId: user.id, oldEmail: user.email, newEmail: next, ip: ADDRESS }),
    ]);
  });

  it("admin: blocking, unblocking and the admin role, with who did it", async () => {
    const admin = await createUser(store, { role: "admin" });
    const adminToken = await signIn(store, admin.id);
    secrets.add(adminToken);
    const learner = await createUser(store);
    for (const action of ["block", "unblock", "make-admin", "remove-admin", "verify-email"]) {
      expect((await post(`/api/admin/users/${learner.id}/${action}`, undefined, bearer(adminToken))).statusCode).toBe(
        200,
      );
    }
    const who = { userId: learner.id, email: learner.email, actorId: admin.id, ip: ADDRESS };
    expect(log.events("admin.user_blocked")).toEqual([expect.objectContaining(who)]);
    expect(log.events("admin.user_unblocked")).toEqual([expect.objectContaining(who)]);
    expect(log.events("admin.admin_role_granted")).toEqual([expect.objectContaining(who)]);
    expect(log.events("admin.admin_role_removed")).toEqual([expect.objectContaining(who)]);
  });

  it("the helper drops a field that could hold a credential, whatever the caller passes", () => {
    securityEvent(store.app.log, "test.careless_caller", {
      userId: 7,
      password: "Leak#1234",
      newPassword: "Leak#1234",
      sessionToken: "tok-leak",
      tokenHash: "hash-leak",
      apiSecret: "secret-leak",
      reason: "testing",
    });
    const [event] = log.events("test.careless_caller");
    expect(event).toEqual(
      expect.objectContaining({ event: "test.careless_caller", userId: 7, reason: "testing", level: 30 }),
    );
    expect(Object.keys(event ?? {}).filter((k) => /pass|token|hash|secret/i.test(k))).toEqual([]);
    expect(JSON.stringify(event)).not.toMatch(/leak/i);
  });

  it("never hold a password, a token or a password hash", async () => {
    const hashes = (await store.database.db.select({ hash: users.passwordHash }).from(users)).map((r) => r.hash);
    const events = log.raw.filter((line) => /"event":/.test(line));
    expect(events.length).toBeGreaterThan(15);
    for (const line of events) {
      for (const secret of [...secrets, ...hashes]) expect(line).not.toContain(secret);
      expect(line).not.toContain("$argon2");
      expect(Object.keys(JSON.parse(line)).filter((key) => /pass|token|hash|secret/i.test(key))).toEqual([]);
    }
  });
});
