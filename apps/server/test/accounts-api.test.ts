import { CURRENT_PASSWORD_REQUIRED } from "@skillshelf/shared/account-forms.ts";
import type { LoginResponse, ProfileResponse } from "@skillshelf/shared/api.ts";
import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { RATE_LIMITS } from "../src/operations/rate-limits.ts";
import { bearer, createUser, GOOD_PASSWORD, lastMailOf, login, signIn } from "./helpers/accounts.ts";
import { createTestStore, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";

let store: TestStore;
const clock = new TestClock();

beforeAll(async () => {
  store = await createTestStore({ clock });
});
afterAll(() => store.close());

const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });

const USER_RECORD_KEYS = [
  "about",
  "display_name",
  "email",
  "email_notifications",
  "in_app_notifications",
  "language",
  "mobile_number",
  "name",
  "sms_notifications",
  "timezone",
];

const lastMailTo = (email: string) => lastMailOf(store, email);

/** A security notice says what to do when the change was not the owner's: new password, and support. */
function expectWhatToDoIfItWasNotYou(mail: { text: string; html: string } | undefined) {
  expect(mail?.text).toContain("If it was not you");
  expect(mail?.text).toContain(SUPPORT_EMAIL);
  expect(mail?.text).toContain(`${PUBLIC_URL}/forgot-password`);
  expect(mail?.html).toContain(`href="${PUBLIC_URL}/forgot-password"`);
}

const resetTokenIn = (text: string | undefined) => /\/reset-password\/([\w-]+)/.exec(text ?? "")?.[1] ?? "";

describe("registration", () => {
  it("creates an account, answers 201 and queues a welcome mail", async () => {
    const res = await post("/api/register", {
      name: "Ada Lovelace",
      email: "Ada@Example.com",
      password: "analytic1!",
      confirm_password: "analytic1!",
      user_type: "Manual",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: true, message: "Registration successful. Please sign in." });
    const [row] = await store.database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await lastMailTo("ada@example.com");
    expect(mail).toMatchObject({ kind: "welcome", subject: "Welcome to Skillshelf" });
    expect(mail?.text).toContain(`${PUBLIC_URL}/login`);
    expect(mail?.html).toMatch(/^<!DOCTYPE html/);
  });

  it("gives the account the request's language, as a page's: the welcome mail and the signed-in record keep it", async () => {
    const cases = [
      {
        headers: { "accept-language": "es-ES,es;q=0.9,en;q=0.5" },
        setting: "Spanish",
        subject: "Bienvenida a Skillshelf",
      },
      // The switcher's cookie wins over the browser's languages, as on a guest's page.
      {
        headers: { cookie: "lang=fr", "accept-language": "es" },
        setting: "French",
        subject: "Bienvenue sur Skillshelf",
      },
      { headers: { "accept-language": "de-DE" }, setting: "English", subject: "Welcome to Skillshelf" },
    ];
    for (const [i, { headers, setting, subject }] of cases.entries()) {
      const email = `lang-${i}-${Date.now()}@example.com`;
      const res = await store.app.inject({
        method: "POST",
        url: "/api/register",
        // An address of its own: the other registrations here count against 127.0.0.1's limit.
        remoteAddress: "203.0.113.40",
        headers,
        payload: { name: "Ana Ruiz", email, password: "analytic1!", confirm_password: "analytic1!" },
      });
      expect(res.statusCode, res.body).toBe(201);
      // The API answers in English whatever the account's language (CONTRACT.md's messages).
      expect(res.json().message).toBe("Registration successful. Please sign in.");
      expect((await lastMailTo(email))?.subject).toBe(subject);
      const { body } = await login(store, email, "analytic1!");
      expect(body.data.language).toBe(setting);
    }
  });

  it("refuses an e-mail that already has an account, whatever its case", async () => {
    const res = await post("/api/register", {
      name: "Ada again",
      email: "ADA@example.com",
      password: "analytic1!",
      confirm_password: "analytic1!",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: false,
      message: "An account with this email already exists. Please sign in instead.",
    });
  });

  it.each([
    [
      {},
      {
        name: "Full name is required",
        email: "Email is required",
        password: "Password is required",
        confirm_password: "Confirm password is required",
      },
    ],
    [
      { name: "A", email: "not-an-email", password: "short1!", confirm_password: "short1!" },
      { email: "Invalid email address", password: "Password must be at least 8 characters" },
    ],
    [
      { name: "A", email: "a@b.co", password: "nodigits!!", confirm_password: "nodigits!!" },
      { password: "Password must contain at least one number" },
    ],
    [
      { name: "A", email: "a@b.co", password: "nospecial1", confirm_password: "nospecial1" },
      { password: "Password must contain at least one special character" },
    ],
    [
      { name: "A", email: "a@b.co", password: "matching1!", confirm_password: "different1!" },
      { confirm_password: "Passwords must match" },
    ],
  ])("answers 422 with the messages of the form for %o", async (payload, errors) => {
    const res = await post("/api/register", payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });
});

describe("signing in", () => {
  it("returns the token and the user record, and sets an HttpOnly session cookie", async () => {
    const user = await createUser(store);
    const { res, body } = await login(store, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe(true);
    expect(body.session_token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(Object.keys(body.data).sort()).toEqual(USER_RECORD_KEYS);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password_hash/);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^access-token=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    // The cookie works for the browser, the token for API clients.
    const byCookie = await post("/api/get-profile", undefined, { cookie: `access-token=${body.session_token}` });
    expect(byCookie.json<ProfileResponse>()).toMatchObject({
      status: true,
      cart_count: 0,
      data: { email: user.email },
    });
    const byBearer = await post("/api/get-profile", undefined, bearer(body.session_token));
    expect(byBearer.statusCode).toBe(200);
  });

  it("answers the same for an unknown e-mail and a wrong password", async () => {
    const user = await createUser(store);
    const wrong = await login(store, user.email, "Wrong#pass1");
    const unknown = await login(store, "nobody@example.com", "Wrong#pass1");
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.body).toBe(unknown.res.body);
    expect(wrong.body.message).toBe("Invalid email or password.");
  });

  it("checks the form with its messages", async () => {
    const res = await post("/api/login", { email: "", password: "12345" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: "Email is required",
      password: "Password must be at least 6 characters",
    });
  });

  it("keeps a short session for 12 hours, and a remembered one for 30 days", async () => {
    const user = await createUser(store);
    const short = await login(store, user.email, user.password, false);
    const remembered = await login(store, user.email, user.password, true);
    expect(String(short.res.headers["set-cookie"])).not.toContain("Expires");
    const expires = /Expires=([^;]+)/.exec(String(remembered.res.headers["set-cookie"]))?.[1] ?? "";
    expect(Date.parse(expires) - clock.now().getTime()).toBeGreaterThan(29 * 24 * 3600_000);
    const profile = (token: string) => post("/api/get-profile", undefined, bearer(token));

    clock.advance(12 * 3600_000 - 1000);
    expect((await profile(short.body.session_token)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await profile(short.body.session_token)).statusCode).toBe(401);
    expect((await profile(remembered.body.session_token)).statusCode).toBe(200);
    clock.advance(30 * 24 * 3600_000);
    expect((await profile(remembered.body.session_token)).statusCode).toBe(401);
  });

  it("refuses a blocked account, and ends its sessions at once", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    // A session in use, as the one a learner browses with when an operator blocks them.
    expect((await post("/api/get-profile", undefined, bearer(token))).statusCode).toBe(200);
    await store.database.db.update(users).set({ blockedAt: clock.now() }).where(eq(users.id, user.id));
    expect((await post("/api/get-profile", undefined, bearer(token))).statusCode).toBe(401);
    expect((await login(store, user.email, user.password)).res.statusCode).toBe(403);
  });
});

describe("signing out", () => {
  it("revokes the session on the server and expires the cookie", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    expect((await post("/api/get-profile", undefined, bearer(token))).statusCode).toBe(200);
    const res = await post("/api/logout", undefined, { cookie: `access-token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/access-token=; .*Expires=Thu, 01 Jan 1970/);
    expect((await post("/api/get-profile", undefined, bearer(token))).statusCode).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the account exists, and mails a link built from PUBLIC_URL", async () => {
    const user = await createUser(store);
    const known = await post(
      "/api/forgot-password",
      { email: user.email },
      { host: "evil.example", "x-forwarded-host": "evil.example" },
    );
    const unknown = await post("/api/forgot-password", { email: "ghost@example.com" });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(
      "If an account exists for this email, we have sent a link to reset the password.",
    );
    const mail = await lastMailTo(user.email);
    expect(mail?.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password/[\\w-]{43}`));
    expect(mail?.text + (mail?.html ?? "")).not.toContain("evil.example");
    expect(await lastMailTo("ghost@example.com")).toBeUndefined();
  });

  it("sets the new password once, signs out every session, and the new password signs in", async () => {
    const user = await createUser(store);
    const session = await signIn(store, user.id, true);
    await post("/api/forgot-password", { email: user.email });
    const token = resetTokenIn((await lastMailTo(user.email))?.text);
    const body = { token, password: "Brand@New2026", confirm_password: "Brand@New2026" };
    const res = await post("/api/reset-password", body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your password has been reset. Please sign in with your new password.");
    expect((await post("/api/get-profile", undefined, bearer(session))).statusCode).toBe(401);
    expect((await login(store, user.email, user.password)).res.statusCode).toBe(401);
    expect((await login(store, user.email, "Brand@New2026")).res.statusCode).toBe(200);
    const notice = await lastMailTo(user.email);
    expect(notice).toMatchObject({ kind: "password-changed", subject: "Your Skillshelf password was changed" });
    expect(notice?.text).toContain("was reset with a one-time reset link");
    expectWhatToDoIfItWasNotYou(notice);
    const again = await post("/api/reset-password", {
      ...body,
      password: "Other@New2026",
      confirm_password: "Other@New2026",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("This reset link is invalid or has expired. Please request a new one.");
    // A refused reset changes nothing, so it tells nobody anything.
    expect((await lastMailTo(user.email))?.id).toBe(notice?.id);
  });

  it("expires a link after 30 minutes", async () => {
    const user = await createUser(store);
    await post("/api/forgot-password", { email: user.email });
    const token = resetTokenIn((await lastMailTo(user.email))?.text);
    clock.advance(30 * 60_000 + 1000);
    const res = await post("/api/reset-password", {
      token,
      password: "Brand@New2026",
      confirm_password: "Brand@New2026",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      token: "This reset link is invalid or has expired. Please request a new one.",
    });
  });

  it("voids an older link when a newer one is sent", async () => {
    const user = await createUser(store);
    await post("/api/forgot-password", { email: user.email });
    const older = resetTokenIn((await lastMailTo(user.email))?.text);
    await post("/api/forgot-password", { email: user.email });
    const newer = resetTokenIn((await lastMailTo(user.email))?.text);
    expect(newer).not.toBe(older);
    const body = { password: "Brand@New2026", confirm_password: "Brand@New2026" };
    expect((await post("/api/reset-password", { token: older, ...body })).statusCode).toBe(422);
    expect((await post("/api/reset-password", { token: newer, ...body })).statusCode).toBe(200);
  });

  it("checks the new password with the reset form's rules", async () => {
    const res = await post("/api/reset-password", { token: "x", password: "lowercase1@", confirm_password: "nope" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password: "Must include at least one uppercase letter",
      confirm_password: "Passwords must match",
    });
  });
});

describe("the account", () => {
  it("needs a session", async () => {
    for (const url of ["/api/get-profile", "/api/update-profile", "/api/change-password", "/api/setting"]) {
      const res = await post(url, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, message: "Please sign in to continue." });
    }
  });

  it("saves the profile and settings, and they come back after signing in again", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const profile = await post(
      "/api/update-profile",
      { name: "Grace Hopper", email: user.email, phone: "+44 20 7946 0000", bio: "Compilers." },
      bearer(token),
    );
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      name: "Grace Hopper",
      mobile_number: "+44 20 7946 0000",
      about: "Compilers.",
    });
    const settings = await post(
      "/api/setting",
      {
        display_name: "Amazing Grace",
        timezone: "Asia/Kolkata",
        language: "French",
        email_notifications: false,
        in_app_notifications: true,
        sms_notifications: true,
      },
      bearer(token),
    );
    expect(settings.statusCode).toBe(200);
    const { body } = await login(store, user.email, user.password);
    expect(body.data).toEqual({
      name: "Grace Hopper",
      email: user.email,
      mobile_number: "+44 20 7946 0000",
      about: "Compilers.",
      display_name: "Amazing Grace",
      timezone: "Asia/Kolkata",
      language: "French",
      email_notifications: false,
      in_app_notifications: true,
      sms_notifications: true,
    } satisfies LoginResponse["data"]);
  });

  it("checks the profile and settings forms with their messages", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const profile = await post("/api/update-profile", { name: "", email: "x", phone: "" }, bearer(token));
    expect(profile.json().errors).toEqual({
      name: "Name is required.",
      email: "Invalid email format.",
      phone: "Phone number is required.",
    });
    const settings = await post(
      "/api/setting",
      { display_name: " ", timezone: "Mars/Base", language: "" },
      bearer(token),
    );
    expect(settings.json().errors).toEqual({
      display_name: "Display name is required.",
      timezone: "Time zone is required.",
      language: "Language is required.",
    });
  });

  it("refuses to take another account's e-mail, and says so only to the password's holder", async () => {
    const other = await createUser(store);
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const profile = { name: "X", email: other.email, phone: "0123456789" };
    const withoutPassword = await post("/api/update-profile", profile, bearer(token));
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().errors).toEqual({ current_password: CURRENT_PASSWORD_REQUIRED });
    const res = await post("/api/update-profile", { ...profile, current_password: user.password }, bearer(token));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({
      email: "An account with this email already exists. Please sign in instead.",
    });
    expect(await lastMailTo(user.email)).toBeUndefined();
  });

  it("changes the password only with the old one, and signs out the other sessions", async () => {
    const user = await createUser(store);
    const current = await signIn(store, user.id);
    const elsewhere = await signIn(store, user.id);
    const wrong = await post(
      "/api/change-password",
      { old_password: "Wrong#pass1", password: "Changed#2026", confirm_password: "Changed#2026" },
      bearer(current),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ old_password: "Old password is incorrect." });
    expect(await lastMailTo(user.email)).toBeUndefined();
    const mismatch = await post(
      "/api/change-password",
      { old_password: GOOD_PASSWORD, password: "short", confirm_password: "other" },
      bearer(current),
    );
    expect(mismatch.json().errors).toEqual({
      password: "Password must be at least 8 characters.",
      confirm_password: "Passwords do not match.",
    });
    const ok = await post(
      "/api/change-password",
      { old_password: GOOD_PASSWORD, password: "Changed#2026", confirm_password: "Changed#2026" },
      bearer(current),
    );
    expect(ok.statusCode).toBe(200);
    expect((await post("/api/get-profile", undefined, bearer(current))).statusCode).toBe(200);
    expect((await post("/api/get-profile", undefined, bearer(elsewhere))).statusCode).toBe(401);
    expect((await login(store, user.email, "Changed#2026")).res.statusCode).toBe(200);
    const notice = await lastMailTo(user.email);
    expect(notice).toMatchObject({ kind: "password-changed", subject: "Your Skillshelf password was changed" });
    expect(notice?.text).toContain("was changed from the account's Password tab");
    expect(notice?.text).not.toContain("Changed#2026");
    expectWhatToDoIfItWasNotYou(notice);
  });
});

describe("changing the sign-in e-mail", () => {
  const profileOf = (user: { name: string; mobileNumber: string }, email: string) => ({
    name: user.name,
    email,
    phone: "0123456789",
    bio: "",
  });

  it("needs no password when only the case or spaces differ", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const res = await post("/api/update-profile", profileOf(user, `  ${user.email.toUpperCase()} `), bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(user.email);
    expect(await lastMailTo(user.email)).toBeUndefined();
  });

  it("needs the current password: missing or wrong answers 422 under current_password and changes nothing", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const next = `moved-${user.email}`;
    for (const current_password of [undefined, "", null]) {
      const res = await post("/api/update-profile", { ...profileOf(user, next), current_password }, bearer(token));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: false,
        message: "Enter your current password to change your email.",
        errors: { current_password: "Enter your current password to change your email." },
      });
    }
    const wrong = await post(
      "/api/update-profile",
      { ...profileOf(user, next), current_password: "Wrong#pass1" },
      bearer(token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      status: false,
      message: "Current password is incorrect.",
      errors: { current_password: "Current password is incorrect." },
    });
    const [row] = await store.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
    expect(await lastMailTo(user.email)).toBeUndefined();
  });

  it("with the current password: changes it, unverifies it, and tells the old address", async () => {
    const user = await createUser(store, { name: "Katherine Johnson", emailVerifiedAt: new Date() });
    const token = await signIn(store, user.id);
    const next = `Moved-${user.email}`.toUpperCase();
    const res = await post(
      "/api/update-profile",
      { ...profileOf(user, ` ${next}`), current_password: user.password },
      bearer(token),
    );
    expect(res.statusCode).toBe(200);
    const stored = next.toLowerCase();
    expect(res.json().data.email).toBe(stored);
    const [row] = await store.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: stored, emailVerifiedAt: null });

    const notice = await lastMailTo(user.email);
    expect(notice).toMatchObject({
      kind: "email-changed",
      subject: "Your Skillshelf sign-in e-mail was changed",
    });
    expect(notice?.text).toContain(`was changed from ${user.email} to ${stored}`);
    expect(notice?.text).toContain("If it was not you");
    expect(notice?.text).toContain(SUPPORT_EMAIL);
    expect(notice?.text).not.toContain(user.password);
    expect(await lastMailTo(stored)).toBeUndefined();

    // The session goes on; sign-in takes the new address only.
    expect((await post("/api/get-profile", undefined, bearer(token))).json().data.email).toBe(stored);
    expect((await login(store, user.email, user.password)).res.statusCode).toBe(401);
    expect((await login(store, stored, user.password)).res.statusCode).toBe(200);
  });

  it("is no password oracle: guesses count against the account's sign-in limit", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const [max] = RATE_LIMITS.login.account;
    for (let i = 0; i < max; i++) {
      const res = await post(
        "/api/update-profile",
        { ...profileOf(user, `guess-${i}@example.com`), current_password: `Guess#${i}xx` },
        bearer(token),
      );
      expect(res.statusCode).toBe(422);
    }
    const blocked = await post(
      "/api/update-profile",
      { ...profileOf(user, "guess-last@example.com"), current_password: user.password },
      bearer(token),
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: false, message: "Too many requests. Please try again later." });
    expect(blocked.headers["retry-after"]).toBeDefined();
    // One budget with the login form: it is spent there too.
    expect((await login(store, user.email, user.password)).res.statusCode).toBe(429);
    // Saving the rest of the profile never checks a password, so it is not limited.
    expect((await post("/api/update-profile", profileOf(user, user.email), bearer(token))).statusCode).toBe(200);
    clock.advance(RATE_LIMITS.login.account[1]);
    const later = await post(
      "/api/update-profile",
      { ...profileOf(user, "guess-later@example.com"), current_password: user.password },
      bearer(token),
    );
    expect(later.statusCode).toBe(200);
  });
});
