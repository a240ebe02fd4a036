import type { ListingResponse } from "@skillshelf/shared/api.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import type { TestStore } from "./helpers/app.ts";
import { buyTeamSeats, payForCart, shopper } from "./helpers/orders.ts";
import { formPost, pageHtml, pagesStoreWithDocker } from "./helpers/pages.ts";

/** Issue 42's pages: "For my team" on a listing, a team line in the cart and its order, /my-teams. */
let store: TestStore;
let docker: ListingResponse;

beforeAll(async () => {
  ({ store, docker } = await pagesStoreWithDocker());
}, 180_000);
afterAll(() => store?.close());

const cookie = (token: string) => ({ cookie: `access-token=${token}` });
/** The text of a page's HTML, its tags taken out: what a reader sees. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("For my team, on a listing", () => {
  it("offers seats of the whole artefact and of each priced group, by a plain form post to the cart", async () => {
    const html = await pageHtml(store, "/docker");
    const forms = [...html.matchAll(/<details class="team-seats[^"]*">[\s\S]*?<\/details>/g)].map(([form]) => form);
    const priced = docker.groups.filter((group) => group.price !== null);
    expect(forms).toHaveLength(1 + priced.length);
    for (const form of forms) {
      expect(form).toContain("For my team");
      expect(form).toContain('action="/cart"');
      expect(form).toMatch(/<input[^>]*type="number" min="2" max="500"[^>]*name="seats"/);
      expect(form).toMatch(/<label for="[^"]+"[^>]*>Seats \(2 to 500\)<\/label>/);
    }
    // Add To Cart is as it was.
    expect(html.match(/Add To Cart/g)?.length).toBeGreaterThanOrEqual(1 + priced.length);
  });

  it("puts a team line in the cart without JavaScript: seats × unit price, the volume discount and the total", async () => {
    const me = await shopper(store);
    // A visitor signs in first and comes back to the form.
    const guest = await formPost(store, "/cart", {
      intent: "add",
      sub_category_id: String(docker.seo_data.id),
      seats: "5",
      redirectTo: "/docker#team-add-to-cart-1",
    });
    expect(guest.statusCode).toBe(303);
    expect(guest.headers.location).toBe(`/login?redirectTo=${encodeURIComponent("/docker#team-add-to-cart-1")}`);
    const seatsOfDocker = (seats: string) =>
      formPost(store, "/cart", { intent: "add", sub_category_id: String(docker.seo_data.id), seats }, cookie(me.token));
    const refused = await seatsOfDocker("1");
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain("Seats must be a whole number from 2 to 500.");

    const posted = await seatsOfDocker("5");
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe("/cart");
    const tiers = await store.app.inject({
      method: "PUT",
      url: "/api/admin/teams/tiers",
      headers: bearer(await signIn(store, (await createUser(store, { role: "admin" })).id)),
      payload: { tiers: [{ min_seats: 5, percent: 10 }] },
    });
    expect(tiers.statusCode, tiers.body).toBe(200);
    const cart = textOf(await pageHtml(store, "/cart", me.token));
    expect(cart).toContain("5 seats × £19.99");
    expect(cart).toContain("Volume discount -£10.00");
    expect(cart).toContain("£89.95");
    expect(textOf(await pageHtml(store, "/checkout", me.token))).toContain("5 seats × £19.99");

    // Paid, the order's lines say the same.
    await (await payForCart(store, me.user.id)).confirm();
    const order = await me.newestOrder();
    expect(textOf(await pageHtml(store, `/order-details/${order.id}`, me.token))).toContain("5 seats × £19.99");
    expect(textOf(await pageHtml(store, "/my-orders", me.token))).toContain("Volume discount -£10.00");
  });
});

/** A seat manager who bought `seats` seats of the whole Docker artefact; their team purchase. */
async function teamBuyer(seats: number) {
  const manager = await shopper(store);
  const { team } = await buyTeamSeats(store, { id: manager.user.id, token: manager.token }, docker, seats);
  return { manager, team };
}
const codeOf = (url: string) => url.split("/").at(-1) ?? "";

describe("/my-teams, the seat manager's page", () => {
  it("is in the account's navigation, and says when there is no team purchase", async () => {
    const me = await shopper(store);
    const html = await pageHtml(store, "/my-teams", me.token);
    expect(html).toMatch(/<a[^>]*href="\/my-teams"[^>]*>[\s\S]*?My Teams<\/a>/);
    expect(textOf(html)).toContain("No team purchases yet");
    // A visitor signs in first.
    const guest = await store.app.inject({ method: "GET", url: "/my-teams" });
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe("/login?redirectTo=%2Fmy-teams");
  });

  it("invites, revokes, releases and buys more seats by plain form posts, each with its message", async () => {
    const { manager, team } = await teamBuyer(3);
    const posted = (fields: Record<string, string>) =>
      formPost(store, "/my-teams", { id: String(team.id), ...fields }, cookie(manager.token));
    let html = textOf(await pageHtml(store, "/my-teams", manager.token));
    expect(html).toContain("0 of 3 seats claimed");
    expect(html).toContain("Free seats: 3");
    const link = team.invitations.find((invitation) => invitation.email === null);
    expect(await pageHtml(store, "/my-teams", manager.token)).toContain(`value="${link?.url}"`);

    // Invite by mail: one address a line or separated by commas.
    const invited = await posted({ intent: "invite", emails: "ana@example.test,\nben@example.test" });
    expect(invited.statusCode).toBe(303);
    expect(invited.headers.location).toBe(`/my-teams?done=invited&count=2#team-${team.id}`);
    html = textOf(await pageHtml(store, invited.headers.location ?? "", manager.token));
    expect(html).toContain("Invitations sent: 2.");
    expect(html).toContain("ana@example.test");
    expect(html).toContain("ben@example.test");
    const refused = await posted({ intent: "invite", emails: "not-an-address" });
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain("not-an-address is not a valid e-mail address.");

    // Revoke Ben's.
    const ben = (await manager.call("GET", "/api/teams"))
      .json<{ data: TeamView[] }>()
      .data[0]?.invitations.find((invitation) => invitation.email === "ben@example.test");
    const revoked = await posted({ intent: "revoke", invitation_id: String(ben?.id) });
    expect(revoked.headers.location).toBe(`/my-teams?done=revoked#team-${team.id}`);
    html = textOf(await pageHtml(store, revoked.headers.location ?? "", manager.token));
    expect(html).toContain("The invitation is revoked.");
    expect(html).not.toContain("ben@example.test");

    // A colleague claims a seat with the link: the manager sees who, and their progress.
    const colleague = await shopper(store, { name: "Cleo Colleague" });
    expect((await colleague.call("POST", `/api/teams/join/${codeOf(link?.url ?? "")}`)).statusCode).toBe(200);
    html = textOf(await pageHtml(store, "/my-teams", manager.token));
    expect(html).toContain("1 of 3 seats claimed");
    expect(html).toContain("Cleo Colleague");
    expect(html).toMatch(/0 of \d+ articles done/);

    // Release the seat: the colleague loses access; a second release of the free seat is refused.
    const [holder] = (await manager.call("GET", "/api/teams")).json<{ data: TeamView[] }>().data[0]?.holders ?? [];
    const released = await posted({ intent: "release", seat_id: String(holder?.seat_id) });
    expect(released.headers.location).toBe(`/my-teams?done=released#team-${team.id}`);
    expect(textOf(await pageHtml(store, released.headers.location ?? "", manager.token))).toContain(
      "The seat is free again; its holder no longer has access.",
    );
    const again = await posted({ intent: "release", seat_id: String(holder?.seat_id) });
    expect(again.statusCode).toBe(409);
    expect(textOf(again.body)).toContain("This seat is not claimed.");

    // More seats at the same unit price, into the cart.
    const more = await posted({ intent: "more", seats: "2" });
    expect(more.statusCode).toBe(303);
    expect(more.headers.location).toBe("/cart");
    expect(textOf(await pageHtml(store, "/cart", manager.token))).toContain("2 seats × £19.99");
  });

  it("is where a team order's confirmation sends its buyer: seats are not unlocked for them", async () => {
    const { manager, team } = await teamBuyer(2);
    const html = await pageHtml(store, `/payment-confirmation?order=${team.order_id}`, manager.token);
    expect(textOf(html)).toContain("Your team's seats are ready: invite your team from My Teams.");
    expect(html).toMatch(/<a class="button" href="\/my-teams"[^>]*>Invite your team<\/a>/);
    expect(textOf(html)).not.toContain("Unlocked for you");
    expect(textOf(html)).not.toContain("Start learning");
  });

  it("refuses another learner's team purchase as not found", async () => {
    const { team } = await teamBuyer(2);
    const other = await shopper(store);
    const res = await formPost(
      store,
      "/my-teams",
      { intent: "more", id: String(team.id), seats: "1" },
      cookie(other.token),
    );
    expect(res.statusCode).toBe(404);
    expect(textOf(res.body)).toContain("Team purchase not found");
  });
});

describe("/teams/join/{code}, an invitation's page", () => {
  it("shows a visitor what the seat gives, and sends them to sign in or register and back", async () => {
    const { team } = await teamBuyer(2);
    const here = `/teams/join/${codeOf(team.invitations[0]?.url ?? "")}`;
    const html = await pageHtml(store, here);
    expect(textOf(html)).toContain("Your team has a seat of Docker for you");
    const back = `redirectTo=${encodeURIComponent(here)}`;
    expect(html).toContain(`href="/login?${back}"`);
    expect(html).toContain(`href="/registration?${back}"`);
    // Registration keeps where to go after signing in, and sign in offers it too.
    expect(await pageHtml(store, `/login?${back}`)).toContain(`href="/registration?${back}"`);
    const registered = await formPost(store, `/registration?${back}`, {
      name: "Newcomer",
      email: `newcomer-${Date.now()}@example.test`,
      password: "Secret#2026a",
      confirm_password: "Secret#2026a",
    });
    expect(registered.statusCode, registered.body).toBe(303);
    expect(registered.headers.location).toBe(`/login?notice=registered&${back}`);
    // A plain post without a session signs in first.
    const guest = await formPost(store, here, {});
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(here)}`);
  });

  it("claims a seat by a plain form post: the material is in My Items; a second claim, an owner, no seat left: 409", async () => {
    const { team } = await teamBuyer(2);
    const here = `/teams/join/${codeOf(team.invitations[0]?.url ?? "")}`;
    const me = await shopper(store);
    expect(textOf(await pageHtml(store, here, me.token))).toContain("Claim my seat");
    const claimed = await formPost(store, here, {}, cookie(me.token));
    expect(claimed.statusCode).toBe(303);
    expect(claimed.headers.location).toBe("/my-items?notice=seat-claimed");
    const items = textOf(await pageHtml(store, claimed.headers.location ?? "", me.token));
    expect(items).toContain("Your seat is claimed");
    expect(items).toContain("Docker");

    const again = await formPost(store, here, {}, cookie(me.token));
    expect(again.statusCode).toBe(409);
    expect(textOf(again.body)).toContain("You already hold a seat of this team purchase.");
    // Known before pressing Claim: the page says so, with no button.
    const holding = textOf(await pageHtml(store, here, me.token));
    expect(holding).toContain("You already hold a seat of this team purchase.");
    expect(holding).not.toContain("Claim my seat");
    const owner = await shopper(store);
    await owner.add(docker);
    await (await payForCart(store, owner.user.id)).confirm();
    const owning = textOf(await pageHtml(store, here, owner.token));
    expect(owning).toContain("You already own Docker, so you do not need a seat.");
    expect(owning).not.toContain("Claim my seat");
    const owns = await formPost(store, here, {}, cookie(owner.token));
    expect(owns.statusCode).toBe(409);
    expect(textOf(owns.body)).toContain("You already own Docker, so you do not need a seat.");
    const second = await shopper(store);
    expect((await formPost(store, here, {}, cookie(second.token))).statusCode).toBe(303);
    const late = await shopper(store);
    const full = await formPost(store, here, {}, cookie(late.token));
    expect(full.statusCode).toBe(409);
    expect(textOf(full.body)).toContain("Every seat of this team purchase is taken.");
  });

  it("says an unknown, revoked or used invitation is no longer valid (404)", async () => {
    const res = await store.app.inject({ method: "GET", url: "/teams/join/no-such-code" });
    expect(res.statusCode).toBe(404);
    expect(textOf(res.body)).toContain("This invitation is no longer valid.");
  });
});
