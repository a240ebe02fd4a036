import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../src/db/schema/index.ts";
import { salesDays, sessions, users } from "../src/db/schema/index.ts";
import { LEARNER_TABLES, rowsOf } from "../src/learner-data/registry.ts";
import { bearer, createUser, lastMailOf, login, signIn } from "./helpers/accounts.ts";
import { createTestStore, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payForCart } from "./helpers/orders.ts";

let store: TestStore;
const clock = new TestClock();
const MINUTE = 60_000;

beforeAll(async () => {
  store = await createTestStore({ clock });
  await store.importCatalogue(smallCatalogue());
});
afterAll(() => store.close());

const call = (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
  store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A learner with something in every table: an order, progress, a notification, a cart line, sign-ins. */
async function busyLearner() {
  const user = await createUser(store, { mobileNumber: "+44 7700 900123", about: "Likes containers" });
  const { body } = await login(store, user.email, user.password);
  const token = body.session_token;
  const docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await call(token, "POST", "/api/cart/add", { sub_category_id: docker.seo_data.id });
  const { orderId } = await (await payForCart(store, user.id)).confirm();
  // A line left in the cart (Git is free in this catalogue, so it is written directly).
  const git = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "git" } })).json();
  await store.database.db.insert(schema.cartItems).values({ userId: user.id, categoryId: git.seo_data.id });
  const [article] = await store.database.db
    .select({ id: schema.contents.id })
    .from(schema.contents)
    .where(eq(schema.contents.slug, "images"));
  expect((await call(token, "PUT", `/api/progress/${article?.id}`)).statusCode).toBe(200);
  return { user, token, orderId };
}

/** How many rows each listed table holds of the learner. */
async function countsOf(userId: number) {
  const counts: Record<string, number> = {};
  for (const entry of LEARNER_TABLES) {
    const [row] = await store.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entry.table)
      .where(rowsOf(entry, userId));
    counts[getTableName(entry.table)] = row?.n ?? 0;
  }
  return counts;
}

describe("one list of every table holding a learner's data", () => {
  it("lists every table of the schema with a column referencing users", () => {
    const listed = new Set(LEARNER_TABLES.map((e) => `${getTableName(e.table)}.${e.userColumn.name}`));
    const referencing: string[] = [];
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      for (const fk of getTableConfig(value).foreignKeys) {
        const reference = fk.reference();
        if (getTableName(reference.foreignTable) !== getTableName(users)) continue;
        for (const column of reference.columns) referencing.push(`${getTableName(value)}.${column.name}`);
      }
    }
    expect(referencing.length).toBeGreaterThan(5);
    expect(referencing.filter((c) => !listed.has(c))).toEqual([]);
    // And the account row itself.
    expect(listed.has("users.id")).toBe(true);
  });

  it("exports no secret: no hash or token column", () => {
    for (const entry of LEARNER_TABLES) {
      const names = Object.keys(entry.exported ?? {});
      expect(
        names.filter((n) => /hash|token|secret|password/i.test(n)),
        getTableName(entry.table),
      ).toEqual([]);
    }
  });
});

describe("download my data", () => {
  it("holds every listed table's rows of the learner, and none of another's", async () => {
    const { user, token } = await busyLearner();
    const other = await busyLearner();
    const res = await call(token, "GET", "/api/my-data");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="skillshelf-my-data-/);
    const file = res.json() as { format: string; user_id: number; tables: Record<string, Record<string, unknown>[]> };
    expect(file).toMatchObject({ format: "skillshelf-learner-data/1", user_id: user.id });
    const counts = await countsOf(user.id);
    for (const entry of LEARNER_TABLES) {
      const name = getTableName(entry.table);
      if (!entry.exported) continue;
      expect(file.tables[name], name).toHaveLength(counts[name] ?? -1);
    }
    // Something in each of the tables the issue names.
    for (const name of [
      "users",
      "sessions",
      "orders",
      "payments",
      "entitlements",
      "reading_progress",
      "notifications",
      "cart_items",
      "audit_events",
    ]) {
      expect(file.tables[name]?.length, name).toBeGreaterThan(0);
    }
    expect(file.tables.users?.[0]).toMatchObject({ email: user.email, mobileNumber: "+44 7700 900123" });
    expect(file.tables.orders?.[0]).toMatchObject({ lines: [expect.objectContaining({ name: expect.any(String) })] });
    const text = res.body;
    expect(text).not.toContain(other.user.email);
    expect(text).not.toMatch(/passwordHash|tokenHash/);
    // Not for visitors.
    expect((await store.app.inject({ method: "GET", url: "/api/my-data" })).statusCode).toBe(401);
  });
});

it("limits the downloads per account", async () => {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  for (let i = 0; i < 10; i++) expect((await call(token, "GET", "/api/my-data")).statusCode).toBe(200);
  const limited = await call(token, "GET", "/api/my-data");
  expect(limited.statusCode).toBe(429);
  expect(limited.headers["retry-after"]).toBeDefined();
});

describe("delete my account", () => {
  const linkOf = async (email: string) => {
    const mail = await lastMailOf(store, email);
    const match = mail?.text.match(/\/delete-account\/([A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error("no deletion link");
    return match[1];
  };

  it("mails a link; following it erases the personal data in every listed table, and the sales figures stay", async () => {
    const { user, token, orderId } = await busyLearner();
    const figuresBefore = await store.database.db.select().from(salesDays);
    const orderBefore = await store.database.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));

    const asked = await call(token, "POST", "/api/delete-account", {});
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toMatch(/We have sent a link/);
    const mail = await lastMailOf(store, user.email);
    expect(mail?.subject).toBe("Confirm the deletion of your Skillshelf account");
    const link = await linkOf(user.email);

    // Another learner cannot use it.
    const stranger = await createUser(store);
    const strangerToken = (await login(store, stranger.email, stranger.password)).body.session_token;
    expect((await call(strangerToken, "POST", "/api/delete-account/confirm", { token: link })).statusCode).toBe(422);

    const done = await call(token, "POST", "/api/delete-account/confirm", { token: link });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe("Your account is deleted.");

    // Signed out everywhere.
    expect((await call(token, "GET", "/api/my-data")).statusCode).toBe(401);
    // No personal data left in any listed table.
    const personal = [user.name, user.email, "+44 7700 900123", "Likes containers"];
    for (const entry of LEARNER_TABLES) {
      const rows = await store.database.db.select().from(entry.table).where(eq(entry.userColumn, user.id));
      const text = JSON.stringify(rows);
      for (const value of personal) expect(text, `${getTableName(entry.table)} holds ${value}`).not.toContain(value);
    }
    const counts = await countsOf(user.id);
    expect(counts).toMatchObject({ sessions: 0, reading_progress: 0, notifications: 0, cart_items: 0, orders: 1 });
    // The orders and the figures are as they were.
    expect(await store.database.db.select().from(schema.orders).where(eq(schema.orders.id, orderId))).toEqual(
      orderBefore,
    );
    expect(await store.database.db.select().from(salesDays)).toEqual(figuresBefore);
    // The operators see the account as deleted, and can no longer act on it.
    const operator = await signIn(store, (await createUser(store, { role: "admin" })).id);
    const listed = await call(operator, "GET", `/api/admin/users?search=deleted-${user.id}@deleted.invalid`);
    expect(listed.json().data.rows).toEqual([
      expect.objectContaining({ id: user.id, name: "Deleted account", deleted: true }),
    ]);
    const block = await call(operator, "POST", `/api/admin/users/${user.id}/block`);
    expect(block.statusCode).toBe(409);
    expect(block.json().message).toBe("This account was deleted by its owner.");
    // The address can register again; the link works once.
    const again = await store.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        name: "Back again",
        email: user.email,
        password: "Secret#2026b",
        confirm_password: "Secret#2026b",
        user_type: "Manual",
      },
    });
    expect(again.statusCode).toBeLessThan(300);
  });

  it("asks for the password again when the sign-in is older than 10 minutes", async () => {
    const user = await createUser(store);
    const token = (await login(store, user.email, user.password)).body.session_token;
    clock.advance(11 * MINUTE);
    const stale = await call(token, "POST", "/api/delete-account", {});
    expect(stale.statusCode).toBe(401);
    expect(stale.json().errors).toEqual({ password: "For your safety, enter your password again to continue." });
    expect(await lastMailOf(store, user.email)).toBeUndefined();
    const wrong = await call(token, "POST", "/api/delete-account", { password: "Wrong#pass1" });
    expect(wrong.statusCode).toBe(422);
    expect((await call(token, "POST", "/api/delete-account", { password: user.password })).statusCode).toBe(200);
    const link = await linkOf(user.email);
    // The password given counts as a sign-in, for 10 minutes.
    clock.advance(11 * MINUTE);
    const late = await call(token, "POST", "/api/delete-account/confirm", { token: link });
    expect(late.statusCode).toBe(401);
    expect(
      (await call(token, "POST", "/api/delete-account/confirm", { token: link, password: user.password })).statusCode,
    ).toBe(200);
    // A session made without a password sign-in (none recorded) is stale too.
    const other = await createUser(store);
    const session = await signIn(store, other.id);
    expect((await call(session, "POST", "/api/delete-account", {})).statusCode).toBe(401);
    const [row] = await store.database.db.select().from(sessions).where(eq(sessions.userId, other.id));
    expect(row?.authenticatedAt).toBeNull();
  });

  it("refuses the last operator, with a clear message", async () => {
    // Every other operator of this store is blocked: this one is the last.
    await store.database.db.update(users).set({ blockedAt: clock.now() }).where(eq(users.role, "admin"));
    const operator = await createUser(store, { role: "admin" });
    const token = (await login(store, operator.email, operator.password)).body.session_token;
    const refused = await call(token, "POST", "/api/delete-account", {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "You are the store's last operator. Make another account an admin before you delete yours.",
    );
    const second = await createUser(store, { role: "admin" });
    expect(second.id).toBeGreaterThan(0);
    expect((await call(token, "POST", "/api/delete-account", {})).statusCode).toBe(200);
  });
});

// The registry's columns are real columns of their tables.
it("names columns of the tables they are listed with", () => {
  for (const entry of LEARNER_TABLES) {
    expect(Object.values(getTableColumns(entry.table))).toContain(entry.userColumn);
  }
});
