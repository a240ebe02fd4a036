import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { notify } from "../src/notifications/notifications.ts";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, TestClock, type TestStore } from "./helpers/app.ts";
import { expectScriptsAllowed } from "./helpers/csp.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyFromListing } from "./helpers/orders.ts";
import { formPost } from "./helpers/pages.ts";

/**
 * What a browser gets for every kind of page (a visitor's, a learner's, an operator's; the refused,
 * missing and stale-link pages) and for a plain form post: one whole document, with what hydrates it.
 * The e2e suite hydrates pages in Chromium, where a mismatch is a console error that fails its test;
 * here every path of the server's render is covered, those no browser test visits included.
 */

let store: TestStore;
let learner: { id: number; token: string };
let fresh: string;
let admin: string;
let orderId: number;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({
    pages: true,
    // Visitors' pages rendered for each request, not sent from the page cache.
    env: { PAGE_CACHE: "off" },
    clock: new TestClock(),
  });
  await store.importCatalogue(smallCatalogue());
  const user = await createUser(store);
  learner = { id: user.id, token: await signIn(store, user.id) };
  const docker = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json<ListingResponse>();
  // Two orders: Docker's Basics group, then the rest of the artefact; a third in the cart.
  orderId = (await buyFromListing(store, learner, docker, "Basics")).orderId;
  await buyFromListing(store, learner, docker);
  const git = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "git" } })
  ).json<ListingResponse>();
  await store.app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: { authorization: `Bearer ${learner.token}` },
    payload: { sub_category_id: git.seo_data.id, group_id: null },
  });
  await notify(
    store.database.db,
    [{ userId: learner.id, params: { kind: "new_article", title: "Networks", artefact: "Docker" }, link: "/docker" }],
    store.app.clock(),
  );
  // Reading the notifications marks them read: the page below lists read ones.
  await store.app.inject({ url: "/notifications", headers: { cookie: `access-token=${learner.token}` } });
  fresh = await signIn(store, (await createUser(store)).id);
  const operator = await createUser(store);
  await store.database.db.update(users).set({ role: "admin" }).where(eq(users.id, operator.id));
  admin = await signIn(store, operator.id);
}, 180_000);
afterAll(() => store?.close());

type Answer = Awaited<ReturnType<TestStore["app"]["inject"]>>;

/** A page, or with `form` a plain form post from the store's page. */
function send(request: { url: string; token?: string; form?: Record<string, string> }): Promise<Answer> {
  const headers: Record<string, string> = request.token ? { cookie: `access-token=${request.token}` } : {};
  return request.form
    ? formPost(store, request.url, request.form, headers)
    : store.app.inject({ url: request.url, headers });
}

/** The JSON text a page streams into its hydration scripts (streamController.enqueue), joined. */
function hydrationPayload(html: string): string {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)]
    .map((match) => JSON.parse(match[1] ?? '""') as string)
    .join("");
}

/**
 * A whole document that hydrates: the client entry, React Router's context and the page's loader
 * data in inline scripts, the data's stream closed, every script allowed by the response's policy.
 */
function expectHydratableDocument(answer: Answer, label: string) {
  const html = answer.body;
  expect(answer.headers["content-type"], label).toMatch(/^text\/html/);
  expect(html.startsWith("<!DOCTYPE html><html"), label).toBe(true);
  expect(html.endsWith("</html>"), label).toBe(true);
  expect(html.match(/<\/html>/g), label).toHaveLength(1);
  expect(html, label).toContain("<main");
  expectScriptsAllowed(html, String(answer.headers["content-security-policy"]), label);
  expect(html, label).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
  expect(html, label).toContain("window.__reactRouterContext = ");
  expect(html, label).toContain("window.__reactRouterContext.streamController.close();");
  // The loader data: one line of turbo-stream (no route defers data), the root route's among it.
  const payload = hydrationPayload(html);
  expect(payload.endsWith("\n"), label).toBe(true);
  expect(JSON.parse(payload), label).toEqual(expect.arrayContaining(["loaderData", "root"]));
}

describe("documents", () => {
  const visitorPages = [
    "/",
    "/tech-cards",
    "/docker",
    "/docker/images",
    "/more",
    "/search?q=docker",
    "/login",
    "/registration",
    "/reset-password/not-a-token",
    "/no-such-page",
    "/docker/no-such-article",
  ];
  const learnerPages = () => [
    "/dashboard",
    "/my-items",
    "/my-orders",
    "/my-orders?cursor=not-a-cursor",
    `/order-details/${orderId}`,
    "/order-details/999999",
    "/notifications",
    "/settings",
    "/cart",
    "/checkout",
    "/docker/images",
    `/payment-confirmation?order=${orderId}`,
    "/admin",
  ];
  const adminPages = ["/admin", "/admin/catalogue", "/admin/users", "/admin/orders", "/admin/coupons"];

  it("renders every kind of page as one whole document that hydrates", async () => {
    const requests = [
      ...visitorPages.map((url) => ({ url })),
      ...learnerPages().map((url) => ({ url, token: learner.token })),
      ...["/my-items", "/my-orders", "/notifications", "/cart"].map((url) => ({ url, token: fresh })),
      ...adminPages.map((url) => ({ url, token: admin })),
      { url: `/admin/orders/${orderId}`, token: admin },
    ];
    const statuses = new Set<number>();
    for (const request of requests) {
      const answer = await send(request);
      statuses.add(answer.statusCode);
      if (answer.statusCode === 302) {
        expect(answer.headers.location, request.url).toMatch(/^\/[^/]/);
        continue;
      }
      expectHydratableDocument(answer, request.url);
    }
    // Pages, a redirect, the not-found and refused pages, and a stale link's page: each path of the render.
    expect([...statuses].sort()).toEqual([200, 302, 403, 404, 422]);
  });

  it("renders a plain form post's answer (an action's data and its errors) as a whole document", async () => {
    const wrong = { intent: "password", old_password: "nope", password: "short", confirm_password: "other" };
    const refused = await send({ url: "/dashboard", token: learner.token, form: wrong });
    expect(refused.statusCode).toBe(422);
    expectHydratableDocument(refused, "/dashboard's password form");
    // The action's answer (its field's message) is hydrated with the loaders' data.
    expect(JSON.parse(hydrationPayload(refused.body))).toContain("Password must be at least 8 characters.");
    // And a visitor's refused sign-in.
    const login = await send({ url: "/login", form: { email: "nobody@example.com", password: "x" } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expectHydratableDocument(login, "/login's form");
  });
});
