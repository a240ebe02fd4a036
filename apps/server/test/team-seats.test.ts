import type { AddressInfo } from "node:net";
import type { ContentResponse, ListingResponse, OrderDetail } from "@skillshelf/shared/api.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contents } from "../src/db/schema/index.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payCartByCard, shopper, stripeRefunds } from "./helpers/orders.ts";
import { pdfText } from "./helpers/pdf.ts";

let store: TestStore;
let docker: ListingResponse;
let base: string;
let adminId: number;
const clock = new TestClock();
const DAY = 24 * 3600_000;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ clock });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  adminId = (await createUser(store, { role: "admin" })).id;
}, 180_000);
afterAll(() => store?.close());

/** An operator's call, on a session of the test clock's day (a test moves the clock on 30 days). */
const adminCall = async (method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
  store.app.inject({ method, url, headers: bearer(await signIn(store, adminId)), ...(payload ? { payload } : {}) });

type Shopper = Awaited<ReturnType<typeof shopper>>;

/** A seat manager who bought `seats` seats of the whole Docker artefact by card; their team purchase. */
async function teamBuyer(seats: number, me?: Shopper) {
  const manager = me ?? (await shopper(store));
  const added = await manager.call("POST", "/api/cart/add", {
    sub_category_id: docker.seo_data.id,
    group_id: null,
    seats,
  });
  expect(added.statusCode, added.body).toBe(201);
  await payCartByCard(store, base, manager, "GBP");
  const team = await teamsOf(manager);
  if (!team[0]) throw new Error("no team purchase");
  return { manager, team: team[0] };
}

const teamsOf = async (me: Pick<Shopper, "call">) =>
  (await me.call("GET", "/api/teams")).json<{ data: TeamView[] }>().data;
const linkCode = (team: TeamView) => {
  const link = team.invitations.find((i) => i.email === null);
  if (!link) throw new Error("no link");
  return link.url.split("/").at(-1) ?? "";
};
const unlocked = async (me: Pick<Shopper, "call">) =>
  (await me.call("POST", "/api/get-content", { slug: "docker", content: "images" })).json<ContentResponse>()
    .is_payment_paid;

describe("buying seats", () => {
  it("shows seats, unit price, the operator's volume discount and the total in the cart; none by default", async () => {
    const me = await shopper(store);
    const added = await me.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, seats: 5 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ price: 99.95, seats: 5, unit_price: 19.99, volume_discount: 0 });

    const tiers = await adminCall("PUT", "/api/admin/teams/tiers", {
      tiers: [
        { min_seats: 5, percent: 10 },
        { min_seats: 20, percent: 20 },
      ],
    });
    expect(tiers.statusCode, tiers.body).toBe(200);
    const cart = await me.cart();
    expect(cart.rows[0]).toMatchObject({ seats: 5, unit_price: 19.99, volume_discount: 10, price: 89.95 });
    expect(cart.total).toBe(89.95);
    // A bad tier list, or a learner, is refused.
    expect(
      (await adminCall("PUT", "/api/admin/teams/tiers", { tiers: [{ min_seats: 1, percent: 10 }] })).statusCode,
    ).toBe(422);
    expect((await me.call("POST", "/api/cart/remove", {})).statusCode).toBe(404);
  });

  it("refuses fewer than 2 or more than 500 seats with a clear message", async () => {
    const me = await shopper(store);
    for (const seats of [1, 501, 2.5, "many"]) {
      const res = await me.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, seats });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.seats).toBe("Seats must be a whole number from 2 to 500.");
    }
  });

  it("is paid by card like any order: the team gets free seats, the buyer no access; the order shows seats × unit price", async () => {
    const { manager, team } = await teamBuyer(5);
    expect(team).toMatchObject({ seats: 5, claimed: 0, holders: [], name: "Docker", unit_price: 17.99 });
    expect(await unlocked(manager)).toBe(false);
    expect((await manager.call("GET", "/api/get-items")).json().data.rows).toEqual([]);
    expect((await manager.cart()).rows).toEqual([]);
    const detail = (await manager.call("POST", "/api/order-details", { detail_id: team.order_id })).json<{
      data: OrderDetail;
    }>().data;
    expect(detail.amount).toBe(89.95);
    expect(detail.orders[0]).toMatchObject({ price: 89.95, seats: 5, unit_price: 19.99, volume_discount: 10 });
    // The buyer may also own the material: seats are for the team.
    const owner = await teamBuyer(2, manager);
    expect(owner.team.seats).toBe(2);
  });
  it("takes a coupon off the seats' total and bills the buyer's company, as any order", async () => {
    const manager = await shopper(store);
    const added = await manager.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, seats: 5 });
    expect(added.statusCode, added.body).toBe(201);
    const code = `TEAM${Date.now().toString(36)}`.toUpperCase();
    const created = await adminCall("POST", "/api/admin/coupons", { code, kind: "percent", value: 10 });
    expect(created.statusCode, created.body).toBe(201);
    expect((await manager.call("POST", "/api/cart/coupon", { code })).statusCode).toBe(200);
    const billed = await manager.call("POST", "/api/cart/billing", {
      billing_country: "GB",
      company_name: "Example Ltd",
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const cart = await manager.cart();
    // The line is 5 seats × £19.99 less any volume tier; the coupon takes 10 % of that, rounded half up.
    const line = cart.rows[0];
    expect(line).toMatchObject({ seats: 5, unit_price: 19.99 });
    const pence = Math.round((line?.price ?? 0) * 100);
    const total = (pence - Math.round(pence / 10)) / 100;
    expect(cart.total).toBeCloseTo(total, 2);
    const { session } = await payCartByCard(store, base, manager, "GBP");
    expect(session?.amount_total).toBe(Math.round(total * 100));
    const [team] = await teamsOf(manager);
    expect(team).toMatchObject({ seats: 5, claimed: 0 });
    const detail = (await manager.call("POST", "/api/order-details", { detail_id: team?.order_id })).json<{
      data: OrderDetail;
    }>().data;
    expect(detail).toMatchObject({ amount: total, coupon_code: code });
    const invoice = await pdfText((await manager.call("GET", `/api/orders/${team?.order_id}/invoice`)).rawPayload);
    expect(invoice).toContain("Example Ltd");
    expect(invoice).toContain("5 seats × £19.99");
  });
});

describe("claiming a seat", () => {
  it("gives 50 learners racing for the last 3 seats exactly 3 seats", async () => {
    const { manager, team } = await teamBuyer(5);
    const code = linkCode(team);
    for (let i = 0; i < 2; i++) {
      const early = await shopper(store);
      expect((await early.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
    }
    const racers = await Promise.all(Array.from({ length: 50 }, () => shopper(store)));
    const answers = await Promise.all(racers.map((r) => r.call("POST", `/api/teams/join/${code}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(47);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      "Every seat of this team purchase is taken. Ask your team's seat manager for more.",
    );
    const [after] = await teamsOf(manager);
    expect(after).toMatchObject({ seats: 5, claimed: 5 });
    const winners = racers.filter((_, i) => answers[i]?.statusCode === 200);
    for (const winner of winners) {
      expect(await unlocked(winner)).toBe(true);
      const items = (await winner.call("GET", "/api/get-items")).json().data.rows;
      expect(items.map((i: { category: { name: string } }) => i.category.name)).toEqual(["Docker"]);
    }
  }, 60_000);

  it("refuses a second seat of the same purchase, and one for a learner who owns the material", async () => {
    const { team } = await teamBuyer(3);
    const code = linkCode(team);
    const learner = await shopper(store);
    expect((await learner.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
    const again = await learner.call("POST", `/api/teams/join/${code}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already hold a seat of this team purchase.");
    const other = await teamBuyer(3);
    const owner = await other.manager.call("POST", `/api/teams/join/${linkCode(team)}`);
    expect(owner.statusCode).toBe(200);
    const twice = await learner.call("POST", `/api/teams/join/${linkCode(other.team)}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("You already own Docker, so you do not need a seat.");
  });

  it("refuses a revoked invitation, and an unknown code, and a visitor", async () => {
    const { manager, team } = await teamBuyer(3);
    const link = team.invitations.find((i) => i.email === null);
    const revoked = await manager.call("POST", `/api/teams/${team.id}/invitations/${link?.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const learner = await shopper(store);
    const res = await learner.call("POST", `/api/teams/join/${linkCode(team)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("This invitation is no longer valid. Ask your team's seat manager for a new one.");
    // The manager has a new link, which works.
    const [fresh] = await teamsOf(manager);
    expect(fresh && linkCode(fresh)).not.toBe(linkCode(team));
    expect((await learner.call("POST", `/api/teams/join/${fresh && linkCode(fresh)}`)).statusCode).toBe(200);
    expect((await learner.call("POST", "/api/teams/join/not-a-code")).statusCode).toBe(404);
    expect((await store.app.inject({ method: "POST", url: `/api/teams/join/${linkCode(team)}` })).statusCode).toBe(401);
    // Another learner cannot touch the manager's team.
    expect((await learner.call("POST", `/api/teams/${team.id}/invitations/${link?.id}/revoke`)).statusCode).toBe(404);
  });

  it("mails invitations in the invitee's language; a mailed link claims once", async () => {
    const { manager, team } = await teamBuyer(3);
    const spanish = await createUser(store, { language: "Spanish" });
    const stranger = `new-${Date.now()}@example.com`;
    const res = await manager.call("POST", `/api/teams/${team.id}/invitations`, { emails: [spanish.email, stranger] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "Invitations sent: 2.", data: { sent: 2 } });
    const mail = await lastMailOf(store, spanish.email);
    expect(mail?.subject).toBe("Una plaza de Docker en Skillshelf te espera");
    const english = await lastMailOf(store, stranger);
    expect(english?.subject).toBe("A seat of Docker on Skillshelf is waiting for you");
    const url = english?.text.match(/https?:\/\/\S+\/teams\/join\/[\w-]+/)?.[0] ?? "";
    expect(url.startsWith(`${PUBLIC_URL}/teams/join/`)).toBe(true);
    const code = url.split("/").at(-1);
    // Two learners with the same mailed link at the same moment: one seat is taken, the other told the link is gone.
    const [first, second] = [await shopper(store), await shopper(store)];
    const claims = await Promise.all([first, second].map((me) => me.call("POST", `/api/teams/join/${code}`)));
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([200, 404]);
    expect((await teamsOf(manager))[0]?.holders).toHaveLength(1);
    const bad = await manager.call("POST", `/api/teams/${team.id}/invitations`, { emails: ["nope"] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe("nope is not a valid e-mail address.");
  });
});

describe("the seat manager", () => {
  it("sees each holder's progress; a released seat removes access and can be claimed again, once per 30 days", async () => {
    const { manager, team } = await teamBuyer(2);
    const code = linkCode(team);
    const reader = await shopper(store);
    expect((await reader.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
    const [images] = await store.database.db
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.slug, "images"));
    const done = await store.app.inject({
      method: "PUT",
      url: `/api/progress/${images?.id}`,
      headers: bearer(reader.token),
    });
    expect(done.statusCode, done.body).toBe(200);
    const [seen] = await teamsOf(manager);
    expect(seen?.holders).toEqual([
      expect.objectContaining({ name: reader.user.name, email: reader.user.email, done: 1, total: 3 }),
    ]);
    const seatId = seen?.holders[0]?.seat_id;

    const released = await manager.call("POST", `/api/teams/${team.id}/seats/${seatId}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(await unlocked(reader)).toBe(false);
    expect((await reader.call("GET", "/api/get-items")).json().data.rows).toEqual([]);
    expect((await lastMailOf(store, reader.user.email))?.subject).toBe("Your seat of Docker has ended");
    const next = await shopper(store);
    expect((await next.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
    expect(await unlocked(next)).toBe(true);
    const [after] = await teamsOf(manager);
    const sameSeat = after?.holders.find((h) => h.seat_id === seatId);
    expect(sameSeat?.email).toBe(next.user.email);
    const tooSoon = await manager.call("POST", `/api/teams/${team.id}/seats/${seatId}/release`);
    expect(tooSoon.statusCode).toBe(409);
    clock.advance(30 * DAY);
    const later = await store.app.inject({
      method: "POST",
      url: `/api/teams/${team.id}/seats/${seatId}/release`,
      headers: bearer(await signIn(store, manager.user.id)),
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it("buys more seats of a purchase at its unit price", async () => {
    const { manager, team } = await teamBuyer(5);
    const more = await manager.call("POST", `/api/teams/${team.id}/seats`, { seats: 3 });
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json().data).toMatchObject({ seats: 3, unit_price: 17.99, volume_discount: 0, price: 53.97 });
    await payCartByCard(store, base, manager, "GBP");
    const teams = await teamsOf(manager);
    expect(teams.find((t) => t.id === team.id)).toMatchObject({ seats: 8 });
  });
});

describe("refunds of team orders", () => {
  it("a learner's refund within the guarantee covers the unclaimed seats only, through the provider", async () => {
    const { manager, team } = await teamBuyer(5);
    const code = linkCode(team);
    const holders = [await shopper(store), await shopper(store)];
    for (const holder of holders) expect((await holder.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
    const before = (await stripeRefunds(store)).length;
    const res = await manager.call("POST", `/api/orders/${team.order_id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Unclaimed seats refunded: 3.");
    const refunds = await stripeRefunds(store);
    expect(refunds.length).toBe(before + 1);
    // 5 seats cost £89.95: 3 of them £53.97.
    expect(JSON.stringify(refunds.at(-1))).toContain('"amount":5397');
    const [after] = await teamsOf(manager);
    expect(after).toMatchObject({ seats: 2, claimed: 2, refunded: false });
    for (const holder of holders) expect(await unlocked(holder)).toBe(true);
    const again = await manager.call("POST", `/api/orders/${team.order_id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Every seat of this order is claimed: there is nothing left to refund.");
  });

  it("an operator's refund covers the whole order, removes every seat's access and mails each holder", async () => {
    const { manager, team } = await teamBuyer(3);
    const holder = await shopper(store);
    expect((await holder.call("POST", `/api/teams/join/${linkCode(team)}`)).statusCode).toBe(200);
    const res = await adminCall("POST", `/api/admin/orders/${team.order_id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await unlocked(holder)).toBe(false);
    expect((await lastMailOf(store, holder.user.email))?.subject).toBe("Your seat of Docker has ended");
    const [after] = await teamsOf(manager);
    expect(after).toMatchObject({ refunded: true, claimed: 0 });
    const late = await (await shopper(store)).call("POST", `/api/teams/join/${linkCode(team)}`);
    expect(late.statusCode).toBe(404);
  });
});

describe("operators", () => {
  it("see a team order's seats and holders, release a seat and resend invitations", async () => {
    const { manager, team } = await teamBuyer(3);
    const holder = await shopper(store);
    expect((await holder.call("POST", `/api/teams/join/${linkCode(team)}`)).statusCode).toBe(200);
    const invitee = `invitee-${Date.now()}@example.com`;
    expect((await manager.call("POST", `/api/teams/${team.id}/invitations`, { emails: [invitee] })).statusCode).toBe(
      200,
    );
    const detail = (await adminCall("GET", `/api/admin/orders/${team.order_id}`)).json().data;
    expect(detail.teams).toEqual([
      expect.objectContaining({
        id: team.id,
        seats: 3,
        claimed: 1,
        holders: [expect.objectContaining({ email: holder.user.email })],
      }),
    ]);
    const seatId = detail.teams[0].holders[0].seat_id;
    const released = await adminCall("POST", `/api/admin/teams/${team.id}/seats/${seatId}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(await unlocked(holder)).toBe(false);
    const resent = await adminCall("POST", `/api/admin/teams/${team.id}/invitations/resend`);
    expect(resent.json()).toMatchObject({ message: "Invitations sent again: 1.", data: { sent: 1 } });
    expect((await manager.call("POST", `/api/admin/teams/${team.id}/invitations/resend`)).statusCode).toBe(403);
  });
});
