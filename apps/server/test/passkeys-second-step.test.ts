import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSecondStep } from "../src/accounts/second-step.ts";
import { authenticatorApps, passkeys, recoveryCodes, signInSteps } from "../src/db/schema/index.ts";
import { bearer, createUser, lastMailOf, login, signIn, signInWithPasswordOnly } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, LogCapture, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { formPost } from "./helpers/pages.ts";
import { SoftPasskey } from "./helpers/webauthn.ts";

let store: TestStore;
const clock = new TestClock();
const log = new LogCapture();

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true, clock, log });
}, 180_000);
afterAll(() => store.close());

let address = 0;
/** Each test its own address: the per-address limits stay out of the way of the per-account ones. */
const newAddress = () => `203.0.113.${++address}`;

function call(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  options: { token?: string; payload?: object; cookies?: Record<string, string>; ip?: string } = {},
) {
  return store.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? "203.0.113.200",
    headers: options.token ? bearer(options.token) : {},
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at.getTime() });

/** Sets up an authenticator app for a signed-in account: its secret and recovery codes. */
async function setUpApp(token: string) {
  const started = await call("POST", "/api/second-step/app", { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri, qr_svg } = started.json().data;
  expect(uri).toMatch(/^otpauth:\/\/totp\/Skillshelf:.+secret=/);
  expect(qr_svg).toMatch(/^<svg/);
  const confirmed = await call("POST", "/api/second-step/app/confirm", {
    token,
    payload: { code: codeAt(secret, clock.now()) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, codes: confirmed.json().data.recovery_codes as string[] };
}

describe("passkeys", () => {
  it("adds a passkey with a name, signs in with it alone, lists, renames and removes it", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const passkey = new SoftPasskey(PUBLIC_URL);

    const options = await call("POST", "/api/passkeys/registration/options", { token });
    expect(options.statusCode, options.body).toBe(200);
    const creation = options.json().data;
    expect(creation.rp).toEqual({ id: "store.test", name: "Skillshelf" });
    expect(creation.authenticatorSelection).toMatchObject({ residentKey: "required" });
    const added = await call("POST", "/api/passkeys", {
      token,
      payload: { name: "Work laptop", response: passkey.register(creation) },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ name: "Work laptop", last_used_at: null });
    expect(log.events("account.passkey_added")).toEqual([expect.objectContaining({ userId: user.id })]);
    expect((await lastMailOf(store, user.email))?.subject).toBe("A passkey was added to your Skillshelf account");

    // The challenge was used up: the same answer again is refused.
    const again = await call("POST", "/api/passkeys", {
      token,
      payload: { name: "Again", response: passkey.register(creation) },
    });
    expect(again.statusCode).toBe(422);

    // Signing in: the options, then the passkey's answer, with the challenge's cookie.
    clock.advance(60_000);
    const start = await call("POST", "/api/passkeys/sign-in/options", { ip: newAddress() });
    expect(start.statusCode, start.body).toBe(200);
    const cookie = start.cookies.find((c) => c.name === "passkey-challenge");
    expect(cookie?.httpOnly).toBe(true);
    const signedIn = await call("POST", "/api/passkeys/sign-in", {
      cookies: { "passkey-challenge": cookie?.value ?? "" },
      payload: { response: passkey.authenticate(start.json().data.options) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.email).toBe(user.email);
    const session = signedIn.json().session_token as string;
    expect(log.events("auth.passkey_used")).toEqual([expect.objectContaining({ userId: user.id })]);

    // The challenge works once.
    const replay = await call("POST", "/api/passkeys/sign-in", {
      cookies: { "passkey-challenge": cookie?.value ?? "" },
      payload: { response: passkey.authenticate(start.json().data.options) },
    });
    expect(replay.statusCode).toBe(422);

    const listed = await call("GET", "/api/second-step", { token: session });
    expect(listed.json().data.passkeys).toEqual([
      expect.objectContaining({ name: "Work laptop", last_used_at: clock.now().toISOString() }),
    ]);
    const id = listed.json().data.passkeys[0].id as number;
    const renamed = await call("PATCH", `/api/passkeys/${id}`, { token: session, payload: { name: "Phone" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe("Phone");
    // Another account's passkey is nobody's to remove.
    const other = await signIn(store, (await createUser(store)).id);
    expect((await call("DELETE", `/api/passkeys/${id}`, { token: other })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/passkeys/${id}`, { token: session })).statusCode).toBe(200);
    expect(await store.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect((await lastMailOf(store, user.email))?.subject).toBe("A passkey was removed from your Skillshelf account");
  });

  it("refuses an answer from another origin, an unknown passkey, and a challenge from the API token", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const passkey = new SoftPasskey(PUBLIC_URL);
    const creation = (await call("POST", "/api/passkeys/registration/options", { token })).json().data;
    const phished = await call("POST", "/api/passkeys", {
      token,
      payload: { name: "Phished", response: passkey.register(creation, "https://evil.test") },
    });
    expect(phished.statusCode).toBe(422);

    const stranger = new SoftPasskey(PUBLIC_URL);
    const start = (await call("POST", "/api/passkeys/sign-in/options", { ip: newAddress() })).json().data;
    const unknown = await call("POST", "/api/passkeys/sign-in", {
      payload: { response: stranger.authenticate(start.options), challenge_token: start.challenge_token },
    });
    expect(unknown.statusCode).toBe(401);
  });
});

describe("the second step", () => {
  it("sets up an authenticator app; a password sign-in then waits for a code, which works once", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    const { secret, codes } = await setUpApp(token);
    expect(codes).toHaveLength(10);
    expect((await lastMailOf(store, user.email))?.subject).toBe(
      "An authenticator app now protects your Skillshelf account",
    );
    // Never answered again once set up; kept sealed.
    const [row] = await store.database.db.select().from(authenticatorApps).where(eq(authenticatorApps.userId, user.id));
    expect(row?.secret).not.toContain(secret);
    expect((await call("GET", "/api/second-step", { token })).body).not.toContain(secret);
    expect((await call("POST", "/api/second-step/app", { token })).statusCode).toBe(409);

    clock.advance(60_000);
    const { res, body } = await login(store, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ status: true, second_step_required: true });
    expect(body).not.toHaveProperty("session_token");
    const wait = (body as unknown as { second_step_token: string }).second_step_token;
    // The wait grants nothing.
    expect((await call("POST", "/api/get-profile", { token: wait })).statusCode).toBe(401);

    const wrong = await call("POST", "/api/login/second-step", {
      payload: { second_step_token: wait, code: "000000" === codeAt(secret, clock.now()) ? "111111" : "000000" },
    });
    expect(wrong.statusCode).toBe(422);
    const code = codeAt(secret, clock.now());
    const done = await call("POST", "/api/login/second-step", { payload: { second_step_token: wait, code } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.email).toBe(user.email);
    // The wait is over, and the same code does not finish another sign-in.
    expect(
      (await call("POST", "/api/login/second-step", { payload: { second_step_token: wait, code } })).statusCode,
    ).toBe(401);
    const next = (await login(store, user.email, user.password)).body as unknown as { second_step_token: string };
    const reused = await call("POST", "/api/login/second-step", {
      payload: { second_step_token: next.second_step_token, code },
    });
    expect(reused.statusCode).toBe(422);
    expect(log.events("auth.second_step_failed").length).toBeGreaterThanOrEqual(2);
  });

  it("takes each recovery code once, and mails the owner", async () => {
    const user = await createUser(store);
    const { codes } = await setUpApp(await signIn(store, user.id));
    const [first] = codes;
    const waitFor = async () =>
      ((await login(store, user.email, user.password)).body as unknown as { second_step_token: string })
        .second_step_token;
    const used = await call("POST", "/api/login/second-step", {
      payload: { second_step_token: await waitFor(), code: first?.toUpperCase() },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await lastMailOf(store, user.email))?.subject).toBe(
      "A recovery code was used to sign in to your Skillshelf account",
    );
    expect(log.events("auth.recovery_code_used")).toContainEqual(expect.objectContaining({ userId: user.id }));
    const again = await call("POST", "/api/login/second-step", {
      payload: { second_step_token: await waitFor(), code: first },
    });
    expect(again.statusCode).toBe(422);
    const left = await store.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(left.filter((code) => code.usedAt === null)).toHaveLength(9);
    expect(left.map((code) => code.codeHash)).not.toContain(first);
  });

  it("limits the codes an account may try", async () => {
    const user = await createUser(store);
    await setUpApp(await signIn(store, user.id));
    const wait = ((await login(store, user.email, user.password)).body as unknown as { second_step_token: string })
      .second_step_token;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call("POST", "/api/login/second-step", {
        ip: newAddress(),
        payload: { second_step_token: wait, code: "abcde-fghij" },
      });
      statuses.push(res.statusCode);
    }
    // Ten codes an account (whatever the address; the app's first code counted too), then 429.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(422));
    expect(statuses.slice(9)).toEqual([429, 429]);
  });

  it("removes the app with the password, and the password alone signs in again", async () => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    await setUpApp(token);
    const wrong = await call("POST", "/api/second-step/app/remove", {
      token,
      payload: { current_password: "Wrong#pass1" },
    });
    expect(wrong.statusCode).toBe(422);
    const removed = await call("POST", "/api/second-step/app/remove", {
      token,
      payload: { current_password: user.password },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await lastMailOf(store, user.email))?.subject).toBe(
      "The authenticator app was removed from your Skillshelf account",
    );
    expect((await login(store, user.email, user.password)).body).toHaveProperty("session_token");
  });
});

describe("operators", () => {
  it("are stopped before any admin page or call until their session did a second step", async () => {
    const operator = await createUser(store, { role: "admin" });
    const passwordOnly = await signInWithPasswordOnly(store, operator.id);
    const api = await call("GET", "/api/admin/users", { token: passwordOnly });
    expect(api.statusCode).toBe(403);
    expect(api.json().message).toMatch(/second step.*Settings/);
    const page = await store.app.inject({ method: "GET", url: "/admin/users", headers: bearer(passwordOnly) });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("A second step is needed");
    expect(page.body).toContain('href="/settings#sign-in-security"');

    // Setting one up in Settings opens the area to the session that did it.
    const { secret } = await setUpApp(passwordOnly);
    expect((await call("GET", "/api/admin/users", { token: passwordOnly })).statusCode).toBe(200);

    // Another password-only session of the account is not enough: it signs in again with its code.
    const older = await signInWithPasswordOnly(store, operator.id);
    expect((await call("GET", "/api/admin/users", { token: older })).statusCode).toBe(403);
    clock.advance(60_000);
    const wait = (
      (await login(store, operator.email, operator.password)).body as unknown as {
        second_step_token: string;
      }
    ).second_step_token;
    const done = await call("POST", "/api/login/second-step", {
      payload: { second_step_token: wait, code: codeAt(secret, clock.now()) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call("GET", "/api/admin/users", { token: done.json().session_token })).statusCode).toBe(200);
  });

  it("a passkey sign-in is both steps; the CLI's reset takes the second step away", async () => {
    const operator = await createUser(store, { role: "admin" });
    const token = await signInWithPasswordOnly(store, operator.id);
    const passkey = new SoftPasskey(PUBLIC_URL);
    const creation = (await call("POST", "/api/passkeys/registration/options", { token })).json().data;
    expect(
      (await call("POST", "/api/passkeys", { token, payload: { name: "Key", response: passkey.register(creation) } }))
        .statusCode,
    ).toBe(201);
    const start = (await call("POST", "/api/passkeys/sign-in/options", { ip: newAddress() })).json().data;
    const signedIn = await call("POST", "/api/passkeys/sign-in", {
      payload: { response: passkey.authenticate(start.options), challenge_token: start.challenge_token },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json().session_token as string;
    expect((await call("GET", "/api/admin/orders", { token: session })).statusCode).toBe(200);

    const reset = await resetSecondStep(
      { db: store.database.db, now: clock.now(), log: store.app.log, publicUrl: PUBLIC_URL },
      operator.email,
    );
    expect(reset).toMatchObject({ userId: operator.id, passkeys: 1 });
    expect((await call("GET", "/api/admin/orders", { token: session })).statusCode).toBe(401);
    expect(await store.database.db.select().from(signInSteps).where(eq(signInSteps.userId, operator.id))).toEqual([]);
    expect((await login(store, operator.email, operator.password)).body).toHaveProperty("session_token");
  });
});

describe("the pages, without JavaScript", () => {
  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
    res.cookies.find((c) => c.name === name)?.value;

  it("set up the app in Settings, and finish a password sign-in with a code", async () => {
    const operator = await createUser(store, { role: "admin" });
    const session = await signInWithPasswordOnly(store, operator.id);
    const cookie = { cookie: `access-token=${session}` };
    const started = await formPost(store, "/settings", { intent: "start-app" }, cookie);
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe("/settings#sign-in-security");
    const settings = await store.app.inject({ url: "/settings", headers: cookie });
    const secret = /class="security__secret">([A-Z2-7]+)</.exec(settings.body)?.[1] ?? "";
    expect(secret).toHaveLength(32);
    expect(settings.body).toContain("data:image/svg+xml,");
    const confirmed = await formPost(
      store,
      "/settings",
      { intent: "confirm-app", code: codeAt(secret, clock.now()) },
      cookie,
    );
    // The recovery codes are on the page that answers, this once.
    expect(confirmed.statusCode).toBe(200);
    const codes = [...confirmed.body.matchAll(/<li><code>([a-z0-9-]{11})<\/code><\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    expect((await store.app.inject({ url: "/settings", headers: cookie })).body).not.toContain(secret);

    clock.advance(60_000);
    const password = await formPost(store, "/login?redirectTo=%2Fadmin%2Forders", {
      email: operator.email,
      password: operator.password,
    });
    expect(password.statusCode).toBe(303);
    expect(password.headers.location).toBe("/login/second-step?redirectTo=%2Fadmin%2Forders");
    expect(cookieOf(password, "access-token")).toBeUndefined();
    const wait = cookieOf(password, "second-step") ?? "";
    const wrong = await formPost(store, "/login/second-step", { code: "123" }, { cookie: `second-step=${wait}` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain("The code is not valid. Please try again.");
    const done = await formPost(
      store,
      "/login/second-step?redirectTo=%2Fadmin%2Forders",
      { code: codes[3] ?? "" },
      { cookie: `second-step=${wait}` },
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/admin/orders");
    const orders = await store.app.inject({
      url: "/admin/orders",
      headers: { cookie: `access-token=${cookieOf(done, "access-token")}` },
    });
    expect(orders.statusCode).toBe(200);
  });
});
