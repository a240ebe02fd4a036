import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../src/db/schema/index.ts";
import { RATE_LIMITS } from "../src/operations/rate-limits.ts";
import { createUser } from "./helpers/accounts.ts";
import { createTestStore, TestClock, type TestStore } from "./helpers/app.ts";

let store: TestStore;
const clock = new TestClock();

beforeAll(async () => {
  store = await createTestStore({ clock });
});
afterAll(() => store.close());

const post = (url: string, payload: Record<string, unknown>, ip = "203.0.113.7") =>
  store.app.inject({ method: "POST", url, payload, remoteAddress: ip });

describe("rate limits", () => {
  it("stop guessing one account's password, from any address, until the window passes", async () => {
    const user = await createUser(store);
    const [max, window] = RATE_LIMITS.login.account;
    for (let i = 0; i < max; i++) {
      const res = await post("/api/login", { email: user.email, password: "Wrong#pass1" }, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post("/api/login", { email: user.email, password: user.password }, "198.51.100.200");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: false, message: "Too many requests. Please try again later." });
    expect(blocked.headers["retry-after"]).toBeDefined();
    clock.advance(window);
    expect((await post("/api/login", { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it("stop one address from trying many accounts", async () => {
    const [max] = RATE_LIMITS.login.address;
    for (let i = 0; i < max; i++) {
      const res = await post("/api/login", { email: `nobody${i}@example.com`, password: "Wrong#pass1" }, "192.0.2.50");
      expect(res.statusCode).toBe(401);
      // An API client sees its address's budget, as @fastify/rate-limit's headers say it.
      expect(res.headers["x-ratelimit-limit"]).toBe(String(max));
      expect(res.headers["x-ratelimit-remaining"]).toBe(String(max - i - 1));
    }
    expect(
      (await post("/api/login", { email: "one-more@example.com", password: "x12345" }, "192.0.2.50")).statusCode,
    ).toBe(429);
    expect(
      (await post("/api/login", { email: "one-more@example.com", password: "x12345" }, "192.0.2.51")).statusCode,
    ).toBe(401);
  });

  it("limit reset mails per account and registrations per address", async () => {
    const user = await createUser(store);
    const [mails] = RATE_LIMITS.forgotPassword.account;
    for (let i = 0; i < mails; i++) {
      expect((await post("/api/forgot-password", { email: user.email }, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    expect((await post("/api/forgot-password", { email: user.email }, "198.51.100.99")).statusCode).toBe(429);

    const [registrations] = RATE_LIMITS.register.address;
    for (let i = 0; i < registrations; i++) {
      const res = await post(
        "/api/register",
        { name: "Spam", email: `spam${i}@example.com`, password: "spammy12!", confirm_password: "spammy12!" },
        "192.0.2.99",
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await post(
      "/api/register",
      { name: "Spam", email: "spam-last@example.com", password: "spammy12!", confirm_password: "spammy12!" },
      "192.0.2.99",
    );
    expect(refused.statusCode).toBe(429);
  });
});

describe("reset links", () => {
  it("cannot be guessed from one address: its tries run out like a password's", async () => {
    const [max] = RATE_LIMITS.resetPassword.address;
    const attempt = (i: number) =>
      post(
        "/api/reset-password",
        { token: `${"x".repeat(40)}${i}`, password: "Guess#2026a", confirm_password: "Guess#2026a" },
        "192.0.2.150",
      );
    for (let i = 0; i < max; i++) expect((await attempt(i)).statusCode).toBe(422);
    const blocked = await attempt(max);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
  });
});

describe("behind reverse proxies (TRUST_PROXY)", () => {
  const registration = (n: string) => ({
    name: "Spam",
    email: `spam-${n}@example.com`,
    password: "spammy12!",
    confirm_password: "spammy12!",
  });
  const register = (target: TestStore, n: string, peer: string, forwardedFor?: string) =>
    target.app.inject({
      method: "POST",
      url: "/api/register",
      payload: registration(n),
      remoteAddress: peer,
      ...(forwardedFor ? { headers: { "x-forwarded-for": forwardedFor } } : {}),
    });
  /** The addresses the registration limit has counted, as the store keys them. */
  const countedAddresses = async (target: TestStore) =>
    (
      await target.database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, "register:ip:%"))
    )
      .map((row) => row.key.replace("register:ip:", ""))
      .sort();
  const [perAddress] = RATE_LIMITS.register.address;

  it("with a hop count, take the address the proxy appended, not one the client wrote", async () => {
    const proxied = await createTestStore({ env: { TRUST_PROXY: "1" } });
    try {
      // The client sends a fresh X-Forwarded-For every time; the proxy (10.0.0.1) appends the real address.
      for (let i = 0; i < perAddress; i++) {
        const res = await register(proxied, `hop-${i}`, "10.0.0.1", `198.51.100.${i + 1}, 203.0.113.50`);
        expect(res.statusCode).toBe(201);
      }
      const refused = await register(proxied, "hop-last", "10.0.0.1", "198.51.100.99, 203.0.113.50");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe("Too many requests. Please try again later.");
      // Another learner behind the same proxy has a limit of their own.
      expect((await register(proxied, "hop-other", "10.0.0.1", "203.0.113.51")).statusCode).toBe(201);
      expect(await countedAddresses(proxied)).toEqual(["203.0.113.50", "203.0.113.51"]);
    } finally {
      await proxied.close();
    }
  });

  it("with a list of proxies, believe only a listed proxy's X-Forwarded-For", async () => {
    const proxied = await createTestStore({ env: { TRUST_PROXY: "10.0.0.0/8, fd00::/8" } });
    try {
      for (let i = 0; i < perAddress; i++) {
        // A client that reaches the store directly names a new address each time: its own is counted.
        const res = await register(proxied, `direct-${i}`, "192.0.2.10", `198.51.100.${i + 1}`);
        expect(res.statusCode).toBe(201);
      }
      expect((await register(proxied, "direct-last", "192.0.2.10", "198.51.100.99")).statusCode).toBe(429);

      // Through a listed proxy (IPv4 or IPv6) the forwarded address is the learner's.
      expect((await register(proxied, "via-v4", "10.1.2.3", "203.0.113.60")).statusCode).toBe(201);
      expect((await register(proxied, "via-v6", "fd00::5", "203.0.113.61")).statusCode).toBe(201);
      // A chain of listed proxies is followed back to the first address no proxy of ours wrote.
      expect((await register(proxied, "via-chain", "10.1.2.3", "203.0.113.62, 10.9.9.9")).statusCode).toBe(201);
      // A client pretending to be one of our proxies: the proxy appends its real address, and that is taken.
      expect((await register(proxied, "via-fake", "10.1.2.3", "10.9.9.9, 203.0.113.63")).statusCode).toBe(201);
      expect(await countedAddresses(proxied)).toEqual([
        "192.0.2.10",
        "203.0.113.60",
        "203.0.113.61",
        "203.0.113.62",
        "203.0.113.63",
      ]);
    } finally {
      await proxied.close();
    }
  });

  it("without TRUST_PROXY, X-Forwarded-For is ignored", async () => {
    const before = await countedAddresses(store);
    expect((await post("/api/register", registration("plain"), "192.0.2.77")).statusCode).toBe(201);
    await store.app.inject({
      method: "POST",
      url: "/api/register",
      payload: registration("plain-2"),
      remoteAddress: "192.0.2.77",
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    const added = (await countedAddresses(store)).filter((a) => !before.includes(a));
    expect(added).toEqual(["192.0.2.77"]);
  });
});
