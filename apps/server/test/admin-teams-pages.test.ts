import type { AddressInfo } from "node:net";
import type { AdminOrderRow } from "@skillshelf/shared/admin-forms.ts";
import type { ListingResponse } from "@skillshelf/shared/api.ts";
import type { AuditEventRow } from "@skillshelf/shared/audit.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payCartByCard, shopper } from "./helpers/orders.ts";
import { formPost, pageHtml } from "./helpers/pages.ts";

/*
 * The operator's side of team seats (issue 42) in /admin, without JavaScript: the orders list and
 * an order's page show a team order's seats and holders, Release and Resend invitations post to the
 * page's action, which runs the API's own operations (audited); /admin/teams sets the volume tiers.
 */
const clock = new TestClock(Date.parse("2026-11-21T10:00:00Z"));
let store: TestStore;
let docker: ListingResponse;
let base: string;
let operator: { id: number; token: string };

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ clock, pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const admin = await createUser(store, { role: "admin" });
  operator = { id: admin.id, token: await signIn(store, admin.id) };
}, 180_000);
afterAll(() => store?.close());

const cookie = () => ({ cookie: `access-token=${operator.token}` });
const adminApi = (method: "GET" | "PUT", url: string, payload?: Record<string, unknown>) =>
  store.app.inject({ method, url, headers: bearer(operator.token), ...(payload ? { payload } : {}) });
const audited = async (action: string) =>
  (await adminApi("GET", `/api/admin/audit?action=${action}`)).json<{ data: { rows: AuditEventRow[] } }>().data.rows;
/** The page's text, without React's comment markers between its parts. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

/** A manager who bought 5 seats of Docker by card, with 2 of them claimed and one invitation mailed. */
async function teamOrder() {
  const manager = await shopper(store);
  const added = await manager.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, seats: 5 });
  expect(added.statusCode, added.body).toBe(201);
  await payCartByCard(store, base, manager, "GBP");
  const [team] = (await manager.call("GET", "/api/teams")).json<{ data: TeamView[] }>().data;
  if (!team) throw new Error("no team purchase");
  const code = team.invitations
    .find((i) => i.email === null)
    ?.url.split("/")
    .at(-1);
  const holders = [await shopper(store), await shopper(store)];
  for (const holder of holders) expect((await holder.call("POST", `/api/teams/join/${code}`)).statusCode).toBe(200);
  const invitee = `invitee-${team.id}@example.com`;
  expect((await manager.call("POST", `/api/teams/${team.id}/invitations`, { emails: [invitee] })).statusCode).toBe(200);
  return { manager, team, holders, invitee };
}

describe("team orders in /admin", () => {
  it("lists a team order's seats in the orders list, on the page and in the API", async () => {
    const { team } = await teamOrder();
    const rows = (await adminApi("GET", "/api/admin/orders")).json<{ data: { rows: AdminOrderRow[] } }>().data.rows;
    expect(rows.find((r) => r.id === team.order_id)?.seats).toEqual({ seats: 5, claimed: 2 });
    expect(rows.find((r) => r.id !== team.order_id)?.seats ?? null).toBeNull();
    expect(text(await pageHtml(store, "/admin/orders", operator.token))).toContain("5 seats, 2 claimed");
  });

  it("shows each holder with the date, releases a seat and resends invitations without JavaScript, audited", async () => {
    const { team, holders, invitee } = await teamOrder();
    const url = `/admin/orders/${team.order_id}`;
    const page = text(await pageHtml(store, url, operator.token));
    expect(page).toContain("Team purchase: Docker");
    expect(page).toContain("5 seats, 2 claimed");
    for (const holder of holders) expect(page).toContain(holder.user.email);
    expect(page).toContain("November 21, 2026 at 10:00 AM");
    expect(page.match(/>Release</g)).toHaveLength(2);
    expect(page).toContain("Resend invitations");

    const [view] = (await adminApi("GET", `/api/admin/orders/${team.order_id}`)).json().data.teams as TeamView[];
    const seat = view?.holders.find((h) => h.email === holders[0]?.user.email)?.seat_id;
    const release = () =>
      formPost(store, url, { intent: "release-seat", team_id: String(team.id), seat_id: String(seat) }, cookie());
    const released = await release();
    expect(released.statusCode).toBe(303);
    expect(released.headers.location).toBe(url);
    expect(text(await pageHtml(store, url, operator.token))).toContain("5 seats, 1 claimed");
    expect((await lastMailOf(store, holders[0]?.user.email ?? ""))?.subject).toBe("Your seat of Docker has ended");
    // The seat is free now: the operation's refusal is on the page, with its status.
    const again = await release();
    expect(again.statusCode).toBe(409);
    expect(text(again.body)).toContain("This seat is not claimed.");

    const before = (await audited("team.invitations_resent")).length;
    const resent = await formPost(store, url, { intent: "resend-invitations", team_id: String(team.id) }, cookie());
    expect(resent.statusCode).toBe(303);
    expect((await lastMailOf(store, invitee))?.subject).toBe("A seat of Docker on Skillshelf is waiting for you");
    const [seatRow] = await audited("team.seat_released");
    expect(seatRow).toMatchObject({ actor: { id: operator.id }, object_type: "team_seat", object_id: String(seat) });
    const resendRows = await audited("team.invitations_resent");
    expect(resendRows).toHaveLength(before + 1);
    expect(resendRows[0]).toMatchObject({ object_type: "team_purchase", object_id: String(team.id) });

    // A learner's post to the operator's page is refused.
    const learner = holders[1];
    const refused = await formPost(
      store,
      url,
      { intent: "resend-invitations", team_id: String(team.id) },
      { cookie: `access-token=${learner?.token}` },
    );
    expect(refused.statusCode).toBe(403);
  });

  it("offers a refund of what the seats' own refunds left, and none once they took it all", async () => {
    const { manager, team } = await teamOrder();
    const url = `/admin/orders/${team.order_id}`;
    // The buyer takes back the 3 seats nobody claimed: the operator's refund is of the 2 held, £39.98.
    expect((await manager.call("POST", `/api/orders/${team.order_id}/refund`)).statusCode).toBe(200);
    const partly = text(await pageHtml(store, url, operator.token));
    expect(partly).toContain("2 seats, 2 claimed");
    expect(partly).toMatch(/data-confirm-detail="SS-[^"]+, £39\.98"/);

    // A purchase whose every seat went back leaves nothing to refund: no button.
    const alone = await shopper(store);
    await alone.call("POST", "/api/cart/add", { sub_category_id: docker.seo_data.id, seats: 2 });
    await payCartByCard(store, base, alone, "GBP");
    const [bought] = (await alone.call("GET", "/api/teams")).json<{ data: TeamView[] }>().data;
    expect((await alone.call("POST", `/api/orders/${bought?.order_id}/refund`)).statusCode).toBe(200);
    const emptied = text(await pageHtml(store, `/admin/orders/${bought?.order_id}`, operator.token));
    expect(emptied).toContain("Team purchase: Docker");
    expect(emptied).not.toContain("data-confirm-detail");
  });
});

describe("the volume tiers page", () => {
  /** The tiers form posted without JavaScript: `rows` as [min seats, percent] from the first row on. */
  const postTiers = (rows: [string, string?][], headers = cookie()) =>
    formPost(
      store,
      "/admin/teams",
      Object.fromEntries(
        rows.flatMap(([seats, percent], i) => [
          [`tiers.${i}.min_seats`, seats],
          ...(percent === undefined ? [] : [[`tiers.${i}.percent`, percent]]),
        ]),
      ),
      headers,
    );
  const tiers = async () =>
    (await adminApi("GET", "/api/admin/teams/tiers")).json<{ data: { tiers: unknown[] } }>().data.tiers;

  it("sets tiers without JavaScript, by the API's operation, audited with before and after", async () => {
    expect(text(await pageHtml(store, "/admin/teams", operator.token))).toContain(
      "No volume discount: every seat costs the unit price.",
    );
    const saved = await postTiers([
      ["5", "10"],
      ["20", "15"],
    ]);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/admin/teams");
    expect(await tiers()).toEqual([
      { min_seats: 5, percent: 10 },
      { min_seats: 20, percent: 15 },
    ]);
    const page = await pageHtml(store, "/admin/teams", operator.token);
    expect(page).toMatch(/<input id="tier-1-min_seats"[^>]* name="tiers.1.min_seats" value="20"\/>/);
    expect(page).toMatch(/<input id="tier-1-percent"[^>]* name="tiers.1.percent" value="15"\/>/);
    const [row] = await audited("team.tiers_set");
    expect(row).toMatchObject({
      actor: { id: operator.id },
      object_type: "setting",
      before: { tiers: [] },
      after: { tiers: [{ min_seats: 5 }, { min_seats: 20 }] },
    });
    // Emptying every row removes the discount.
    expect((await postTiers([["", ""]])).statusCode).toBe(303);
    expect(await tiers()).toEqual([]);
  });

  it("refuses a bad tier with the shared schema's message under its row, and tiers out of order above them", async () => {
    const bad = await postTiers([
      ["5", "10"],
      ["1", "95"],
    ]);
    expect(bad.statusCode).toBe(422);
    const message = "Each tier needs its seats (2 to 500, each more than the last) and a percent off (1 to 90).";
    expect(bad.body).toContain(`<p id="tier-1-error" class="admin-error">${message}</p>`);
    expect(bad.body).toMatch(/id="tier-1-min_seats"[^>]*aria-invalid="true"/);
    // What was typed is shown again, refused row included.
    expect(bad.body).toMatch(/<input id="tier-1-min_seats"[^>]* name="tiers.1.min_seats" value="1"\/>/);
    expect(bad.body).toMatch(/<input id="tier-1-percent"[^>]* name="tiers.1.percent" value="95"\/>/);
    const unordered = await postTiers([
      ["20", "10"],
      ["5", "5"],
    ]);
    expect(unordered.statusCode).toBe(422);
    expect(unordered.body).toContain(
      `<p id="tiers-list-error" class="notice notice--error" role="alert">${message}</p>`,
    );
    // A row left blank between two is an error of its own.
    const gap = await postTiers([["5", "10"], [""], ["9", "20"]]);
    expect(gap.statusCode).toBe(422);
    expect(gap.body).toContain(`<p id="tier-1-error" class="admin-error">${message}</p>`);
    expect(await tiers()).toEqual([]);
    // In Spanish for a Spanish operator.
    const spanish = await createUser(store, { role: "admin", language: "Spanish" });
    const refused = await postTiers([["1", "10"]], { cookie: `access-token=${await signIn(store, spanish.id)}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain(message);
  });
});
