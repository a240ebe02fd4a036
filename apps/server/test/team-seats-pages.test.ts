import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import type { TestStore } from "./helpers/app.ts";
import { payForCart, shopper } from "./helpers/orders.ts";
import { formPost, pageHtml, pagesStoreWithDocker } from "./helpers/pages.ts";

/** Issue 42's pages: "For my team" on a listing, a team line in the cart and its order. */
let store: TestStore;
let docker: ListingResponse;

beforeAll(async () => {
  ({ store, docker } = await pagesStoreWithDocker());
}, 180_000);
afterAll(() => store?.close());

const cookie = (token: string) => ({ cookie: `access-token=${token}` });
/** The text of a page's HTML, its tags taken out: what a reader sees. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");

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
