import { ACCOUNT_MESSAGES } from "@skillshelf/shared/account-messages.ts";
import { NOTHING_TO_PAY } from "@skillshelf/shared/coupons.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { RATE_LIMITS } from "../src/operations/rate-limits.ts";
import { bearer, createUser, GOOD_PASSWORD, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { formPost } from "./helpers/pages.ts";

let store: TestStore;
let docker: { id: number };

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  // The Stripe emulator's API is reached over HTTP, at the store's own address.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json()
    .seo_data;
}, 180_000);
afterAll(() => store?.close());

/** A browser's plain form post from the store's own page (no JavaScript). */
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  formPost(store, url, fields, headers);

const sessionCookieOf = (res: { cookies: { name: string; value: string; expires?: Date }[] }) =>
  res.cookies.find((c) => c.name === "access-token");

/** The text of the page, tags dropped, for finding a field's message. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("sign in by a plain form post", () => {
  it("sets the session cookie and sends the learner on with a 303, to redirectTo when it is on the store", async () => {
    const learner = await createUser(store);
    const res = await post("/login?redirectTo=%2Fmy-orders", { email: learner.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/my-orders");
    const cookie = sessionCookieOf(res);
    expect(cookie?.value).toBeTruthy();
    // Without 'Remember me' the cookie ends with the browser.
    expect(cookie?.expires).toBeUndefined();
    const dashboard = await store.app.inject({
      url: "/dashboard",
      headers: { cookie: `access-token=${cookie?.value}` },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain(learner.name);
  });

  it("keeps the session 30 days with Remember me, and never redirects off the store", async () => {
    const learner = await createUser(store);
    const res = await post("/login?redirectTo=%2F%2Fevil.example", {
      email: learner.email,
      password: GOOD_PASSWORD,
      remember_me: "on",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard");
    const expires = sessionCookieOf(res)?.expires?.getTime() ?? 0;
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it("sends an operator to /admin, unless the sign-in came from a page, and a signed-in one from /login there", async () => {
    const operator = await createUser(store, { role: "admin" });
    const res = await post("/login", { email: operator.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin");
    const back = await post("/login?redirectTo=%2Fkubernetes%23add-to-cart-3", {
      email: operator.email,
      password: GOOD_PASSWORD,
    });
    expect(back.headers.location).toBe("/kubernetes#add-to-cart-3");
    const again = await store.app.inject({
      method: "GET",
      url: "/login",
      headers: bearer(await signIn(store, operator.id)),
    });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/admin");
  });

  it("reads redirectTo as a browser would: a tab or a newline in it sends the learner to the dashboard", async () => {
    const learner = await createUser(store);
    for (const target of ["/\t/evil.example", "/\n/evil.example", "/my-orders\r\nSet-Cookie: x=1"]) {
      const res = await post(`/login?redirectTo=${encodeURIComponent(target)}`, {
        email: learner.email,
        password: GOOD_PASSWORD,
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(303);
      expect(res.headers.location).toMatch(/^\/(dashboard|my-orders[^\r\n]*)$/);
      expect(res.headers["set-cookie"]?.toString()).not.toContain("x=1");
    }
  });

  it("answers 422 with the page and each field's message for invalid input, and sets no cookie", async () => {
    const res = await post("/login", { email: "not-an-email", password: "" });
    expect(res.statusCode).toBe(422);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(sessionCookieOf(res)).toBeUndefined();
    const text = textOf(res.body);
    expect(text).toContain("Invalid email address");
    expect(text).toContain("Password is required");
    // The server's render keeps the button usable: a plain post can be sent again.
    expect(res.body).not.toMatch(/<button type="submit"[^>]*disabled/);
  });

  it("answers 401 with the page saying 'Invalid email or password.' for a wrong password", async () => {
    const learner = await createUser(store);
    const res = await post("/login", { email: learner.email, password: "Wrong#2026a" });
    expect(res.statusCode).toBe(401);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(textOf(res.body)).toContain("Invalid email or password.");
  });

  it("counts against the same per-account limit as the API (429 on the page)", async () => {
    const learner = await createUser(store);
    const [max] = RATE_LIMITS.login.account;
    for (let i = 0; i < max; i++) {
      const api = await store.app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { email: learner.email, password: "Wrong#2026a" },
      });
      expect(api.statusCode).toBe(401);
    }
    const res = await post("/login", { email: learner.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(textOf(res.body)).toContain("Too many requests. Please try again later.");
  });
});

describe("cross-site form posts", () => {
  it("refuses a post another site's page makes the browser send, before any action runs", async () => {
    const learner = await createUser(store);
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site", origin: "null" },
      { "sec-fetch-site": "same-site", origin: "http://shop.store.test:3000" },
    ];
    for (const headers of crossSite) {
      const res = await post("/login", { email: learner.email, password: GOOD_PASSWORD }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });
});

describe("cross-site API calls riding the session cookie", () => {
  const add = (headers: Record<string, string>) =>
    store.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: { "content-type": "application/json", ...headers },
      payload: { sub_category_id: docker.id, group_id: null },
    });
  const cartRows = async (token: string) =>
    (await store.app.inject({ url: "/api/cart/get", headers: bearer(token) })).json<{ data: { rows: unknown[] } }>()
      .data.rows;

  it("are refused before the route runs", async () => {
    const token = await signIn(store, (await createUser(store)).id);
    const fromElsewhere: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "same-site", origin: "http://shop.store.test:3000" },
    ];
    for (const from of fromElsewhere) {
      const refused = await add({ cookie: `access-token=${token}`, ...from });
      expect(refused.statusCode, JSON.stringify(from)).toBe(403);
      expect(refused.json()).toEqual({
        status: false,
        message: "This request came from another site, so it was refused.",
      });
    }
    expect(await cartRows(token)).toHaveLength(0);
  });

  it("go through from the store's own pages, and from a script with its Bearer token", async () => {
    const fromPage = await signIn(store, (await createUser(store)).id);
    const own = {
      cookie: `access-token=${fromPage}`,
      origin: "http://store.test:3000",
      "sec-fetch-site": "same-origin",
    };
    expect((await add(own)).statusCode).toBe(201);
    const script = await signIn(store, (await createUser(store)).id);
    expect((await add({ ...bearer(script), origin: "https://evil.example" })).statusCode).toBe(201);
  });
});

describe("the other account forms by plain form posts", () => {
  it("registers, then sends the visitor to /login, which says registration succeeded", async () => {
    const email = `plain-${Date.now()}@example.com`;
    const res = await post("/registration", {
      name: "Plain Form",
      email,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?notice=registered");
    const [user] = await store.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.name).toBe("Plain Form");
    const login = await store.app.inject({ url: res.headers.location as string });
    expect(textOf(login.body)).toContain(ACCOUNT_MESSAGES.registered);
  });

  it("keeps the page's language, with or without JavaScript: the account, its welcome mail and its pages", async () => {
    const fields = (email: string) => ({
      name: "Ana Ruiz",
      email,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
    });
    // A plain post from the Spanish registration page.
    const spanish = `es-${Date.now()}@example.com`;
    const plain = await post("/es/registration", fields(spanish));
    expect(plain.statusCode).toBe(303);
    // The French page's own fetch (React Router's data request), from a browser that asks for Spanish.
    const french = `fr-${Date.now()}@example.com`;
    const fetched = await post("/fr/registration.data", fields(french), { "accept-language": "es-ES,es;q=0.9" });
    expect(fetched.statusCode).toBe(200);
    for (const [email, setting, subject] of [
      [spanish, "Spanish", "Bienvenida a Skillshelf"],
      [french, "French", "Bienvenue sur Skillshelf"],
    ]) {
      const [user] = await store.database.db
        .select()
        .from(users)
        .where(eq(users.email, email as string));
      expect(user?.language).toBe(setting);
      expect((await lastMailOf(store, email as string))?.subject).toBe(subject);
    }
    // Signed in, with neither the cookie nor the browser's languages, the pages stay Spanish.
    const signedIn = await post("/login", { email: spanish, password: GOOD_PASSWORD });
    expect(signedIn.statusCode).toBe(303);
    const dashboard = await store.app.inject({
      url: "/dashboard",
      headers: { cookie: `access-token=${sessionCookieOf(signedIn)?.value}` },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<html lang="es"');
  });

  it("re-renders registration with 422 and the messages under the fields, creating nothing", async () => {
    const email = `mismatch-${Date.now()}@example.com`;
    const res = await post("/registration", { name: "", email, password: "short", confirm_password: "other" });
    expect(res.statusCode).toBe(422);
    const text = textOf(res.body);
    expect(text).toContain("Full name is required");
    expect(text).toContain("Password must be at least 8 characters");
    expect(await store.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("answers a taken e-mail with 409 and its message on the page", async () => {
    const learner = await createUser(store);
    const res = await post("/registration", {
      name: "Twice",
      email: learner.email,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it("sends a reset link, and the link's form sets the new password", async () => {
    const learner = await createUser(store);
    const sent = await post("/forgot-password", { email: learner.email });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/login?notice=reset-sent");
    const mail = await lastMailOf(store, learner.email);
    const token = /reset-password\/([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();

    const weak = await post(`/reset-password/${token}`, { password: "weak", confirm_password: "weak" });
    expect(weak.statusCode).toBe(422);

    const newPassword = "Fresh@2026b";
    const reset = await post(`/reset-password/${token}`, { password: newPassword, confirm_password: newPassword });
    expect(reset.statusCode).toBe(303);
    expect(reset.headers.location).toBe("/login?notice=password-reset");
    const signIn = await post("/login", { email: learner.email, password: newPassword });
    expect(signIn.statusCode).toBe(303);

    // The link works once.
    const again = await post(`/reset-password/${token}`, { password: newPassword, confirm_password: newPassword });
    expect(again.statusCode).toBe(422);
    expect(textOf(again.body)).toContain("This reset link is invalid or has expired.");
  });
});

describe("the cart and checkout by plain form posts", () => {
  const cartOf = async (token: string) =>
    (await store.app.inject({ url: "/api/cart/get", headers: bearer(token) })).json<{
      data: { rows: { id: number }[]; total: number; currency: string };
    }>().data;

  it("sends a visitor's Add To Cart to sign in, then back to the listing it came from", async () => {
    const res = await post("/cart", { intent: "add", sub_category_id: String(docker.id), redirectTo: "/docker" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fdocker");
  });

  it("adds a line and lands on the cart, refuses it twice on the page, and removes it", async () => {
    const learner = await createUser(store);
    const token = await signIn(store, learner.id);
    const cookie = { cookie: `access-token=${token}` };
    const fields = { intent: "add", sub_category_id: String(docker.id), redirectTo: "/docker" };
    const added = await post("/cart", fields, cookie);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/cart");
    const [line] = (await cartOf(token)).rows;
    expect(line).toBeDefined();

    const twice = await post("/cart", fields, cookie);
    expect(twice.statusCode).toBe(409);
    expect(textOf(twice.body)).toContain("already in your cart");
    expect((await cartOf(token)).rows).toHaveLength(1);

    const bad = await post("/cart", { intent: "add", sub_category_id: "not-an-id" }, cookie);
    expect(bad.statusCode).toBe(422);
    expect(textOf(bad.body)).toContain("sub_category_id is required");

    const removed = await post("/cart", { intent: "remove", delete_id: String(line?.id) }, cookie);
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe("/cart");
    expect((await cartOf(token)).rows).toHaveLength(0);
  });

  it("refuses a cross-site Add To Cart, adding nothing", async () => {
    const learner = await createUser(store);
    const token = await signIn(store, learner.id);
    const res = await post(
      "/cart",
      { intent: "add", sub_category_id: String(docker.id) },
      { cookie: `access-token=${token}`, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(res.statusCode).toBe(403);
    expect((await cartOf(token)).rows).toHaveLength(0);
  });

  it("starts a card payment and sends the learner to the provider's page; a stale view gets 409 on the page", async () => {
    const learner = await createUser(store);
    const token = await signIn(store, learner.id);
    const cookie = { cookie: `access-token=${token}` };
    await post("/cart", { intent: "add", sub_category_id: String(docker.id) }, cookie);
    const { total, currency } = await cartOf(token);

    const stale = await post("/checkout", { method: "card", amount: "1.00", currency, billing_country: "GB" }, cookie);
    expect(stale.statusCode).toBe(409);
    // Who is billed decides the VAT: the form says so under its field, and nothing starts.
    const unbilled = await post("/checkout", { method: "card", amount: String(total), currency }, cookie);
    expect(unbilled.statusCode).toBe(422);
    expect(unbilled.body).toContain("Choose the country of your billing address.");

    const started = await post(
      "/checkout",
      { method: "card", amount: String(total), currency, billing_country: "GB" },
      cookie,
    );
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toMatch(/\/emulator\/stripe\//);

    // The page's own fetcher (React Router's data request) gets the provider's page as data and leaves for it itself.
    const fetched = await post(
      "/checkout.data",
      { method: "card", amount: String(total), currency, billing_country: "GB" },
      cookie,
    );
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers.location).toBeUndefined();
    expect(fetched.body).toContain(started.headers.location);

    const payu = await post(
      "/checkout",
      { method: "regional", amount: String(total), currency, billing_country: "GB" },
      cookie,
    );
    expect(payu.statusCode).toBe(200);
    // PayU takes a form: the page carries it for the learner's browser to post.
    expect(payu.body).toContain("Continue to PayU");
    expect(payu.body).toMatch(/<input type="hidden" name="hash"/);
  });

  it("unlocks a cart that costs nothing at once: the checkout says so, and its post lands on the confirmation", async () => {
    const admin = await createUser(store, { role: "admin" });
    const code = `FREE-${Date.now().toString(36)}`;
    const created = await store.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: bearer(await signIn(store, admin.id)),
      payload: { code, kind: "percent", value: 100 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const learner = await createUser(store);
    const token = await signIn(store, learner.id);
    const cookie = { cookie: `access-token=${token}` };
    await post("/cart", { intent: "add", sub_category_id: String(docker.id) }, cookie);
    expect((await post("/cart", { intent: "coupon", code }, cookie)).statusCode).toBe(303);
    const { total, currency } = await cartOf(token);
    expect(total).toBe(0);

    const page = await store.app.inject({ url: "/checkout", headers: cookie });
    expect(textOf(page.body)).toContain(NOTHING_TO_PAY);
    expect(page.body).not.toContain('type="radio"');

    const started = await post(
      "/checkout",
      { method: "card", amount: String(total), currency, billing_country: "GB" },
      cookie,
    );
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toMatch(/\/payment-confirmation\?order=\d+$/);
    const confirmation = await store.app.inject({
      url: new URL(started.headers.location ?? "").pathname + new URL(started.headers.location ?? "").search,
      headers: cookie,
    });
    expect(textOf(confirmation.body)).toContain("Start learning");
    expect((await cartOf(token)).rows).toHaveLength(0);
  });
});

describe("the learner's own account forms by plain form posts", () => {
  it("saves the settings, reading unticked switches as off, and refuses a bad time zone with its message", async () => {
    const learner = await createUser(store);
    const cookie = { cookie: `access-token=${await signIn(store, learner.id)}` };
    const fields = { display_name: "Plain", timezone: "Europe/London", language: "French", sms_notifications: "on" };
    const saved = await post("/settings", fields, cookie);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/settings");
    const [row] = await store.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row).toMatchObject({
      displayName: "Plain",
      language: "French",
      emailNotifications: false,
      smsNotifications: true,
    });

    const bad = await post("/settings", { ...fields, timezone: "Mars/Olympus" }, cookie);
    expect(bad.statusCode).toBe(422);
    // In the language just saved.
    expect(textOf(bad.body)).toContain("Le fuseau horaire est obligatoire.");
  });

  it("updates the profile, and changes the password only with the old one", async () => {
    const learner = await createUser(store);
    const cookie = { cookie: `access-token=${await signIn(store, learner.id)}` };
    const profile = { intent: "profile", name: "Renamed Plainly", email: learner.email, phone: "+44 20 7946 0000" };
    const updated = await post("/dashboard", profile, cookie);
    expect(updated.statusCode).toBe(303);
    expect(updated.headers.location).toBe("/dashboard");
    const [row] = await store.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row?.name).toBe("Renamed Plainly");

    const newEmail = await post("/dashboard", { ...profile, email: `moved-${Date.now()}@example.com` }, cookie);
    expect(newEmail.statusCode).toBe(422);
    expect(textOf(newEmail.body)).toContain("Enter your current password to change your email.");

    const password = { intent: "password", password: "Changed#2026", confirm_password: "Changed#2026" };
    const wrong = await post("/dashboard", { ...password, old_password: "Wrong#2026a" }, cookie);
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const changed = await post("/dashboard", { ...password, old_password: GOOD_PASSWORD }, cookie);
    expect(changed.statusCode).toBe(303);
    expect((await post("/login", { email: learner.email, password: "Changed#2026" })).statusCode).toBe(303);
  });

  it("sends a visitor's post to sign in first", async () => {
    const res = await post("/settings", { display_name: "x", timezone: "Europe/London", language: "English" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fsettings");
  });
});
