import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyFromListing } from "./helpers/orders.ts";

let store: TestStore;
let docker: ListingResponse;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
}, 180_000);
afterAll(() => store?.close());

/** A learner who bought Docker's Basics group; their session token and the order's id. */
async function groupBuyer() {
  const user = await createUser(store);
  const token = await signIn(store, user.id);
  const { orderId } = await buyFromListing(store, { id: user.id, token }, docker, "Basics");
  return { token, orderId };
}

const confirmation = async (orderId: number, token: string) => {
  const res = await store.app.inject({
    url: `/payment-confirmation?order=${orderId}`,
    headers: { cookie: `access-token=${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the payment confirmation", () => {
  it("lists what the order unlocked, each linking to its listing, with Start learning first", async () => {
    const { token, orderId } = await groupBuyer();
    const html = await confirmation(orderId, token);
    const page = text(html);
    // SPEC's texts stay.
    for (const said of ["Payment Successful!", "Thank you for your purchase", "View My Orders", "Back to Home"]) {
      expect(page).toContain(said);
    }
    expect(page).toMatch(/Unlocked for you .*Docker: Basics Group/);
    expect(html).toMatch(
      /<a [^>]*class="unlocked__link"[^>]*href="\/docker"|<a [^>]*href="\/docker"[^>]*class="unlocked__link"/,
    );
    const actions = [...html.matchAll(/<a [^>]*class="(button[^"]*)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]);
    expect(actions).toEqual([
      ["Start learning", "button"],
      ["View My Orders", "button button--outline"],
      ["Back to Home", "button button--outline"],
    ]);
    expect(html).toMatch(/<a [^>]*href="\/docker"[^>]*>Start learning<\/a>/);
  });

  it("lists nothing for another learner's order, and keeps SPEC's page", async () => {
    const { orderId } = await groupBuyer();
    const stranger = await signIn(store, (await createUser(store)).id);
    const page = text(await confirmation(orderId, stranger));
    expect(page).toContain("Payment Successful!");
    expect(page).not.toContain("Unlocked for you");
    expect(page).not.toContain("Start learning");
    expect(page).not.toContain("Docker");
  });
});
