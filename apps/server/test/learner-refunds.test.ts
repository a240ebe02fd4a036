import type { AddressInfo } from "node:net";
import type { ContentResponse, ListingResponse, OrderDetail, OrderRow } from "@skillshelf/shared/api.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema/index.ts";
import { lastMailOf } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, LogCapture, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyByCard, stripeRefunds } from "./helpers/orders.ts";

let store: TestStore;
let docker: ListingResponse;
let base: string;
const clock = new TestClock();
const log = new LogCapture();
const DAY = 24 * 3600_000;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ clock, log, pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(() => store?.close());

/** A learner who bought the whole Docker artefact by card, with what the tests ask of their order. */
async function buyer() {
  const bought = await buyByCard(store, { base, artefactId: docker.seo_data.id, price: 19.99 });
  const { call, order, token } = bought;
  return {
    ...bought,
    refund: () => call("POST", `/api/orders/${order.id}/refund`),
    detail: async () =>
      (await call("POST", "/api/order-details", { detail_id: order.id })).json<{ data: OrderDetail }>().data,
    unlocked: async () =>
      (await call("POST", "/api/get-content", { slug: "docker", content: "images" })).json<ContentResponse>()
        .is_payment_paid,
    page: async () => {
      const res = await store.app.inject({
        url: `/order-details/${order.id}`,
        headers: { cookie: `access-token=${token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    },
  };
}

describe("a learner's own refund within the money-back guarantee", () => {
  it("refunds through the provider, removes the access at once, shows Refunded and mails the learner", async () => {
    const learner = await buyer();
    const { order, user, call } = learner;
    expect(await learner.unlocked()).toBe(true);
    const paidAt = Date.parse(order.created_at);
    expect((await learner.detail()).refundable_until).toBe(new Date(paidAt + 6 * DAY).toISOString());
    expect(await learner.page()).toContain("Request refund");

    clock.advance(5 * DAY);
    const before = (await stripeRefunds(store)).length;
    const res = await learner.refund();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: "Your order is refunded and its access removed.",
      data: { refund_ref: expect.stringMatching(/^re_/) },
    });
    expect((await stripeRefunds(store)).length).toBe(before + 1);
    expect(await learner.unlocked()).toBe(false);
    expect((await call("GET", "/api/get-items")).json().data.rows).toEqual([]);

    const mine = (await call("GET", "/api/get-orders")).json<{ data: { rows: OrderRow[] } }>().data.rows;
    expect(mine.map((o) => [o.id, o.status])).toEqual([[order.id, "Refunded"]]);
    expect(await learner.detail()).toMatchObject({
      status: "Refunded",
      payment_status: "Refunded",
      refundable_until: null,
    });
    const html = await learner.page();
    expect(html).not.toContain("Request refund");
    // The confirmation no longer claims the order unlocked anything.
    const confirmation = await store.app.inject({
      url: `/payment-confirmation?order=${order.id}`,
      headers: { cookie: `access-token=${learner.token}` },
    });
    expect(confirmation.body).toContain("Payment Successful!");
    expect(confirmation.body).not.toContain("Unlocked for you");
    expect(html).toMatch(/<dt>Status<\/dt><dd>Refunded<\/dd>/);

    const mail = await lastMailOf(store, user.email);
    expect(mail?.subject).toBe(`Your Skillshelf order ${order.order_id} is refunded`);
    expect(mail?.text).toContain("£19.99 goes back the way you paid (Card).");
    expect(mail?.text).toContain(`${PUBLIC_URL}/order-details/${order.id}`);
    // The audit names the learner as the one who asked.
    expect(log.events("order.refunded").at(-1)).toMatchObject({ orderId: order.id, actorId: user.id });
  });

  it("after 6 days: no button, and 409 naming the deadline; the access stays", async () => {
    const learner = await buyer();
    const deadline = new Date(Date.parse(learner.order.created_at) + 6 * DAY);
    clock.advance(6 * DAY - 60_000);
    expect((await learner.detail()).refundable_until).toBe(deadline.toISOString());
    clock.advance(60_000);
    expect((await learner.detail()).refundable_until).toBeNull();
    expect(await learner.page()).not.toContain("Request refund");
    const before = (await stripeRefunds(store)).length;
    const res = await learner.refund();
    expect(res.statusCode).toBe(409);
    const stated = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
    expect(res.json()).toEqual({
      status: false,
      message: `The 6-day money-back guarantee for this order ended on ${stated.format(deadline)} UTC.`,
    });
    expect((await stripeRefunds(store)).length).toBe(before);
    expect(await learner.unlocked()).toBe(true);
    expect((await learner.detail()).status).toBe("Completed");
  });

  it("refunds once when the same order is asked for several times at once", async () => {
    const learner = await buyer();
    const before = (await stripeRefunds(store)).length;
    const results = await Promise.all([learner.refund(), learner.refund(), learner.refund(), learner.refund()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toMatch(
        /^(This order has already been refunded\.|A refund of this order is already in progress\.)$/,
      );
    }
    expect((await stripeRefunds(store)).length).toBe(before + 1);
    const mails = await store.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, learner.user.email), eq(mailOutbox.kind, "order-refunded")));
    expect(mails).toHaveLength(1);
    const again = await learner.refund();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order has already been refunded.");
  });

  it("is for the order's own learner: another learner gets 404, a visitor 401", async () => {
    const owner = await buyer();
    const other = await buyer();
    const foreign = await other.call("POST", `/api/orders/${owner.order.id}/refund`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Order not found");
    expect(await owner.unlocked()).toBe(true);
    const visitor = await store.app.inject({ method: "POST", url: `/api/orders/${owner.order.id}/refund` });
    expect(visitor.statusCode).toBe(401);
    const bad = await owner.call("POST", "/api/orders/not-a-number/refund");
    expect(bad.statusCode).toBe(422);
    expect((await owner.call("POST", "/api/orders/999999/refund")).statusCode).toBe(404);
  });
});
