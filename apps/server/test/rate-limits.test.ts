import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../src/routes/api/accounts.ts";
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
