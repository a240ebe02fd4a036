import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import { type EntryContext, type ServerBuild, ServerRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { notify } from "../src/notifications/notifications.ts";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, TestClock, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyFromListing } from "./helpers/orders.ts";
import { formPost } from "./helpers/pages.ts";

/**
 * The store renders its documents with its own router (apps/web/app/server-router.tsx), which keeps
 * the route tree between pages; React Router's ServerRouter builds it anew for each. Every page must
 * come out the same with either: here each is rendered by both and compared byte for byte.
 */
const STOCK = "x-test-router";

type DocumentRenderer = ServerBuild["entry"]["module"]["default"];
interface StoreEntry {
  default: DocumentRenderer;
  documentRenderer(
    Router: (props: { context: EntryContext; url: string; nonce?: string }) => unknown,
  ): DocumentRenderer;
}

/** The build, whose document renderer uses React Router's ServerRouter for a request marked STOCK. */
function withStockRouter(build: ServerBuild): ServerBuild {
  const entry = build.entry.module as unknown as StoreEntry;
  const stock = entry.documentRenderer(ServerRouter);
  const render: DocumentRenderer = (request, ...rest) =>
    (request.headers.has(STOCK) ? stock : entry.default)(request, ...rest);
  return { ...build, entry: { module: { ...build.entry.module, default: render } } };
}

let store: TestStore;
let learner: { id: number; token: string };
let fresh: string;
let admin: string;
let orderId: number;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({
    pages: true,
    // Visitors' pages rendered every time (not one router's copy served to the other), and one moment
    // for both renders (cursors carry the time they were made).
    env: { PAGE_CACHE: "off" },
    clock: new TestClock(),
    adaptWebBuild: withStockRouter,
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
  // Reading the notifications marks them read: read once here, both renders below show the same list.
  await store.app.inject({ url: "/notifications", headers: { cookie: `access-token=${learner.token}` } });
  fresh = await signIn(store, (await createUser(store)).id);
  const operator = await createUser(store);
  await store.database.db.update(users).set({ role: "admin" }).where(eq(users.id, operator.id));
  admin = await signIn(store, operator.id);
}, 180_000);
afterAll(() => store?.close());

/** The nonce is new for every response; nothing else may differ. */
const sameAcross = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** A request answered by each router: a page, or with `form` a plain form post from the store's page. */
async function bothRouters(request: { url: string; token?: string; form?: Record<string, string> }) {
  const send = (stock: boolean) => {
    const headers = {
      ...(request.token ? { cookie: `access-token=${request.token}` } : {}),
      ...(stock ? { [STOCK]: "1" } : {}),
    };
    return request.form
      ? formPost(store, request.url, request.form, headers)
      : store.app.inject({ url: request.url, headers });
  };
  const ours = await send(false);
  const theirs = await send(true);
  return { ours, theirs };
}

describe("the store's document router", () => {
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

  it("renders every kind of page as React Router's ServerRouter does, byte for byte", async () => {
    const requests = [
      ...visitorPages.map((url) => ({ url })),
      ...learnerPages().map((url) => ({ url, token: learner.token })),
      ...["/my-items", "/my-orders", "/notifications", "/cart"].map((url) => ({ url, token: fresh })),
      ...adminPages.map((url) => ({ url, token: admin })),
      { url: `/admin/orders/${orderId}`, token: admin },
    ];
    const statuses = new Set<number>();
    for (const request of requests) {
      const { ours, theirs } = await bothRouters(request);
      expect(ours.statusCode, request.url).toBe(theirs.statusCode);
      expect(ours.headers.location, request.url).toBe(theirs.headers.location);
      expect(sameAcross(ours.body), request.url).toBe(sameAcross(theirs.body));
      statuses.add(ours.statusCode);
    }
    // Pages, a redirect, the not-found and refused pages, and a stale link's page: each path of the render.
    expect([...statuses].sort()).toEqual([200, 302, 403, 404, 422]);
  });

  it("renders a plain form post's answer (an action's data and its errors) the same way", async () => {
    const wrong = { intent: "password", old_password: "nope", password: "short", confirm_password: "other" };
    const { ours, theirs } = await bothRouters({ url: "/dashboard", token: learner.token, form: wrong });
    expect(ours.statusCode).toBe(422);
    expect(theirs.statusCode).toBe(422);
    expect(sameAcross(ours.body)).toBe(sameAcross(theirs.body));
    // And a visitor's refused sign-in.
    const login = await bothRouters({ url: "/login", form: { email: "nobody@example.com", password: "x" } });
    expect(login.ours.statusCode).toBe(login.theirs.statusCode);
    expect(sameAcross(login.ours.body)).toBe(sameAcross(login.theirs.body));
  });
});
