import type {
  CartResponse,
  CategoriesResponse,
  ContentResponse,
  ListingResponse,
  OrderDetail,
  OrderRow,
  OwnedItem,
} from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, entitlements, mailOutbox, orders } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payForCart } from "./helpers/orders.ts";

let store: TestStore;
let docker: ListingResponse;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
});
afterAll(() => store.close());

async function learner(settings: { language?: string } = {}) {
  const user = await createUser(store, settings);
  const token = await signIn(store, user.id);
  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    store.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    user,
    token,
    call,
    add: (groupId: number | null) =>
      call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, group_id: groupId }),
    cart: async () => (await call("GET", "/api/cart/get")).json<CartResponse>(),
  };
}

const basics = () => docker.groups.find((g) => g.name === "Basics")?.id ?? 0;
const extras = () => docker.groups.find((g) => g.name === "Extras")?.id ?? 0;

describe("the cart", () => {
  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/cart/get"],
      ["POST", "/api/cart/add"],
      ["POST", "/api/cart/delete"],
      ["GET", "/api/get-orders"],
      ["POST", "/api/order-details"],
      ["GET", "/api/get-items"],
    ] as const) {
      expect((await store.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });

  it("adds a priced group, then the whole sub-category replaces it, at the database's prices", async () => {
    const me = await learner();
    const added = await me.add(basics());
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      price: 5,
      currency: "GBP",
      category: { name: "Docker" },
      groups: { name: "Basics" },
    });
    expect((await me.cart()).data).toMatchObject({ total: 5, currency: "GBP" });
    expect((await me.call("POST", "/api/get-profile")).json().cart_count).toBe(1);

    expect((await me.add(null)).statusCode).toBe(201);
    const cart = await me.cart();
    expect(cart.data.rows.map((r) => [r.category.name, r.groups, r.price])).toEqual([["Docker", null, 19.99]]);
    expect(cart.data.total).toBe(19.99);
  });

  it("answers 409 with what conflicts", async () => {
    const me = await learner();
    await me.add(basics());
    const twice = await me.add(basics());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Basics is already in your cart.");
    await me.add(null);
    expect((await me.add(null)).json().message).toBe("Docker is already in your cart.");
    expect((await me.add(basics())).json().message).toBe("Docker is already in your cart, and it includes Basics.");
    const free = await me.add(extras());
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe("Extras is free: there is nothing to buy.");
  });

  it("refuses what the learner owns", async () => {
    const me = await learner();
    await me.add(null);
    await (await payForCart(store, me.user.id)).confirm();
    expect((await me.add(null)).json()).toEqual({ status: false, message: "You already own Docker." });
    expect((await me.add(basics())).json().message).toBe("You already own Docker, which includes Basics.");
  });

  it("refuses unknown items and other people's cart lines", async () => {
    const me = await learner();
    const other = await learner();
    expect((await me.call("POST", "/api/cart/add", { sub_category_id: 999999, group_id: null })).statusCode).toBe(404);
    const tech = (await store.app.inject("/api/categories")).json<CategoriesResponse>().data[0];
    expect((await me.call("POST", "/api/cart/add", { sub_category_id: tech?.id, group_id: null })).statusCode).toBe(
      404,
    );
    expect((await me.call("POST", "/api/cart/add", { sub_category_id: "abc" })).statusCode).toBe(422);
    const line = (await other.add(null)).json().data;
    const res = await me.call("POST", "/api/cart/delete", { delete_id: line.id });
    expect(res.statusCode).toBe(404);
    expect((await other.cart()).data.rows).toHaveLength(1);
    expect((await other.call("POST", "/api/cart/delete", { delete_id: line.id })).statusCode).toBe(200);
    expect((await other.cart()).data.rows).toHaveLength(0);
  });
});

describe("fulfilment", () => {
  it("turns one payment into one order, with entitlements and an emptied cart, however often it is confirmed", async () => {
    const me = await learner();
    await me.add(basics());
    const payment = await payForCart(store, me.user.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => payment.confirm()));
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    const orderRows = await store.database.db.select().from(orders).where(eq(orders.userId, me.user.id));
    expect(orderRows).toHaveLength(1);
    expect(await store.database.db.select().from(entitlements).where(eq(entitlements.userId, me.user.id))).toHaveLength(
      1,
    );
    expect(await store.database.db.select().from(cartItems).where(eq(cartItems.userId, me.user.id))).toHaveLength(0);
    const mails = await store.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.user.email));
    expect(mails.map((m) => m.kind)).toEqual(["order-confirmation"]);
    expect(mails[0]?.subject).toBe(`Your Skillshelf order ${orderRows[0]?.orderNumber}`);
    expect(mails[0]?.text).toContain("Docker: Basics: £5.00");
    expect(mails[0]?.text).toContain(`http://store.test:3000/order-details/${orderRows[0]?.id}`);
  });

  it("writes the confirmation, its prices included, in the learner's language", async () => {
    const me = await learner({ language: "French" });
    await me.add(basics());
    await (await payForCart(store, me.user.id)).confirm();
    const [mail] = await store.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.user.email));
    expect(mail?.text).toContain("Docker: Basics: 5,00\u00a0£GB");
    expect(mail?.text).toContain("est terminée : 5,00\u00a0£GB.");
  });

  it("refuses a confirmation of another amount", async () => {
    const me = await learner();
    await me.add(null);
    const payment = await payForCart(store, me.user.id);
    const { fulfilPayment } = await import("../src/payments/fulfil-payment.ts");
    await expect(
      fulfilPayment(store.database.db, {
        paymentId: payment.paymentId,
        amountMinor: 1,
        currency: "GBP",
        transactionId: "x",
        now: new Date(),
      }),
    ).rejects.toThrow("The amount paid does not match the order.");
    expect(await store.database.db.select().from(orders).where(eq(orders.userId, me.user.id))).toHaveLength(0);
  });
});

describe("orders, items and unlocked media", () => {
  it("lists orders newest first with lines at the price paid, and items owned, an upgraded artefact once", async () => {
    const me = await learner();
    await me.add(basics());
    await (await payForCart(store, me.user.id)).confirm();
    await me.add(null);
    await (await payForCart(store, me.user.id)).confirm();
    const list = (await me.call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    expect(
      list.map((o) => [o.amount, o.status, o.orders.map((l) => [l.category.name, l.groups?.name ?? null, l.price])]),
    ).toEqual([
      // The whole artefact's line at its price; paid: less the group's 5.00 as upgrade credit.
      [14.99, "Completed", [["Docker", null, 19.99]]],
      [5, "Completed", [["Docker", "Basics", 5]]],
    ]);
    expect(list[0]?.order_id).toMatch(/^SS-\d{8}-[0-9A-F]{8}$/);
    const detail = (await me.call("POST", "/api/order-details", { detail_id: list[0]?.id })).json<{
      data: OrderDetail;
    }>().data;
    expect(detail).toMatchObject({
      payment_method: "Card",
      payment_status: "Paid",
      amount: 14.99,
      subtotal: 19.99,
      credit: 5,
      discount: 0,
      currency: "GBP",
    });
    expect(detail.transaction_id).toMatch(/^pi_/);
    const items = (await me.call("GET", "/api/get-items")).json<{ data: { rows: OwnedItem[] } }>().data.rows;
    // Owned whole, Docker is listed once: the whole artefact holds the group it absorbed.
    expect(items.map((i) => [i.category.slug, i.groups?.name ?? null])).toEqual([["docker", null]]);
  });

  it("answers 404 for another learner's order", async () => {
    const me = await learner();
    const other = await learner();
    await other.add(null);
    const { orderId } = await (await payForCart(store, other.user.id)).confirm();
    const res = await me.call("POST", "/api/order-details", { detail_id: orderId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: "Order not found" });
  });

  it("unlocks paid media for a buyer only: 403 for a visitor, another learner and a non-buyer", async () => {
    const buyer = await learner();
    const nonBuyer = await learner();
    await buyer.add(basics());
    await (await payForCart(store, buyer.user.id)).confirm();
    const content = (who: typeof buyer) => who.call("POST", "/api/get-content", { slug: "docker", content: "images" });
    const unlocked = (await content(buyer)).json<ContentResponse>();
    expect(unlocked.is_payment_paid).toBe(true);
    const path = unlocked.data.content_media[0]?.path ?? "";
    expect(path).toMatch(/^\/media\//);
    const asBuyer = await store.app.inject({ url: path, headers: bearer(buyer.token) });
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.headers["cache-control"]).toBe("private, no-store");
    expect((await store.app.inject({ url: path })).statusCode).toBe(403);
    expect((await store.app.inject({ url: path, headers: bearer(nonBuyer.token) })).statusCode).toBe(403);
    expect((await content(nonBuyer)).json<ContentResponse>().is_payment_paid).toBe(false);
    // A group buys its own contents, not the rest of the sub-category.
    const volumes = (
      await buyer.call("POST", "/api/get-content", { slug: "docker", content: "volumes" })
    ).json<ContentResponse>();
    expect(volumes.is_payment_paid).toBe(false);
  });
});

describe("a catalogue import after sales", () => {
  it("refuses to remove what was sold, names it, and changes nothing", async () => {
    const me = await learner();
    await me.add(basics());
    await (await payForCart(store, me.user.id)).confirm();
    const before = (await store.app.inject("/api/categories")).body;
    const withoutDocker: any = smallCatalogue();
    withoutDocker.categories[0].artefacts.shift();
    withoutDocker.categories[1].artefacts[0].contents[0].related = [];
    for (const a of withoutDocker.categories[0].artefacts) for (const c of a.contents) c.related = [];
    await expect(store.importCatalogue(withoutDocker)).rejects.toThrow(
      '"Docker" has been sold, so it cannot be removed; keep it in the file with "hidden": true instead',
    );
    const withoutGroup: any = smallCatalogue();
    withoutGroup.categories[0].artefacts[0].groups.shift();
    withoutGroup.categories[0].artefacts[0].contents[0].related = [];
    await expect(store.importCatalogue(withoutGroup)).rejects.toThrow('"Basics" has been sold');
    expect((await store.app.inject("/api/categories")).body).toBe(before);
  });
});
