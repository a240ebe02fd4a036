import type { AddressInfo } from "node:net";
import type { ContentResponse, ListingResponse, OrderRow } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlements } from "../src/db/schema/index.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, LogCapture, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyByCard, stripeRefunds } from "./helpers/orders.ts";

let store: TestStore;
let docker: ListingResponse;
let base: string;
let adminToken: string;
const clock = new TestClock();
const log = new LogCapture();
const DAY = 24 * 3600_000;

beforeAll(async () => {
  store = await createTestStore({ clock, log });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const admin = await createUser(store, { role: "admin" });
  adminToken = await signIn(store, admin.id, true);
});
afterAll(() => store.close());

/** A learner who bought the whole Docker artefact by card, through the Stripe emulator. */
async function buyer() {
  const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
  const unlocked = async () =>
    (await bought.call("POST", "/api/get-content", { slug: "docker", content: "images" })).json<ContentResponse>()
      .is_payment_paid;
  return { ...bought, unlocked };
}

const refund = (orderId: number) =>
  store.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/refund`, headers: bearer(adminToken) });

describe("refunds within the money-back guarantee", () => {
  it("refund through the provider, record it, and take the access back", async () => {
    const { order, call, unlocked, user } = await buyer();
    expect(await unlocked()).toBe(true);
    const before = (await stripeRefunds(store)).length;
    clock.advance(5 * DAY);
    const res = await refund(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("The order is refunded and its access removed.");
    expect(res.json().data.refund_ref).toMatch(/^re_/);
    expect((await stripeRefunds(store)).length).toBe(before + 1);
    // Logged for the audit: who refunded what, through which provider.
    expect(log.events("order.refunded")).toEqual([
      expect.objectContaining({
        orderId: order.id,
        actorId: expect.any(Number),
        provider: "stripe",
        amount: "£19.99",
        refundRef: res.json().data.refund_ref,
        ip: expect.any(String),
      }),
    ]);
    expect(await unlocked()).toBe(false);
    // The learner is told, whoever refunded.
    expect((await lastMailOf(store, user.email))?.subject).toBe(`Your Skillshelf order ${order.order_id} is refunded`);
    const rows = await store.database.db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    const mine = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    expect(mine[0]?.status).toBe("Refunded");
    const detail = await store.app.inject({ url: `/api/admin/orders/${order.id}`, headers: bearer(adminToken) });
    expect(detail.json().data).toMatchObject({
      refund_state: "refunded",
      provider: "stripe",
      payment_status: "Refunded",
    });
    // Items the learner lost no longer show; they may buy it again.
    expect((await call("GET", "/api/get-items")).json().data.rows).toEqual([]);
    expect(
      (await call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, group_id: null })).statusCode,
    ).toBe(201);
  });

  it("refuse a refund after 6 days, and a second refund of the same order", async () => {
    const late = await buyer();
    clock.advance(6 * DAY + 60_000);
    const tooLate = await refund(late.order.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(
      "The 6-day money-back guarantee for this order ended on 2 December 2026 at 10:00 UTC.",
    );
    expect(await late.unlocked()).toBe(true);

    const twice = await buyer();
    expect((await refund(twice.order.id)).statusCode).toBe(200);
    const again = await refund(twice.order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order has already been refunded.");
  });

  it("let only one of two refunds at once reach the provider", async () => {
    const { order } = await buyer();
    const before = (await stripeRefunds(store)).length;
    const results = await Promise.all([refund(order.id), refund(order.id), refund(order.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await stripeRefunds(store)).length).toBe(before + 1);
  });

  it("are for operators only, and lists find orders by learner or number", async () => {
    const { order, user, call } = await buyer();
    expect((await call("POST", `/api/admin/orders/${order.id}/refund`)).statusCode).toBe(403);
    const found = await store.app.inject({
      url: `/api/admin/orders?search=${encodeURIComponent(user.email)}`,
      headers: bearer(adminToken),
    });
    expect(found.json().data.rows.map((r: { order_id: string }) => r.order_id)).toEqual([order.order_id]);
    const byNumber = await store.app.inject({
      url: `/api/admin/orders?search=${order.order_id}`,
      headers: bearer(adminToken),
    });
    expect(byNumber.json().data.rows.map((r: { id: number }) => r.id)).toEqual([order.id]);
    expect(
      (await store.app.inject({ method: "POST", url: "/api/admin/orders/999999/refund", headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(404);
  });
});
