import type { APIRequestContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { dropExpectedRequestErrors, registerAccount, signInThroughApi } from "../support/accounts.ts";
import { signInAdmin } from "../support/admin.ts";
import { baseUrl, expectAccessible, useBrowser } from "../support/browser.ts";
import { payCartThroughApi, type StorageState } from "../support/purchase.ts";

const ORDERS = 21;

/**
 * /my-orders a page at a time: a learner with 21 orders sees the newest 20,
 * then the oldest on the next page; the page is in the URL, so reload, back
 * and forward keep it. The orders are real purchases through the Stripe
 * emulator: one priced artefact bought, refunded by the operator (which frees
 * it to be bought again) and bought again. One registration, two sign-ins.
 */
describe("my orders, a page at a time", () => {
  let learnerState: StorageState;
  const session = useBrowser({ storageState: () => learnerState });
  /** Order numbers, newest first. */
  let numbers: string[] = [];

  beforeAll(async () => {
    const adminState = await signInAdmin(session.browser);
    const admin = await session.browser.newContext({ baseURL: baseUrl, storageState: adminState });
    const learner = await session.browser.newContext({ baseURL: baseUrl });
    try {
      await signInThroughApi(learner.request, await registerAccount(learner.request, { name: "Page Turner" }));
      const artefact = await pricedArtefact(learner.request);
      for (let i = 0; i < ORDERS; i++) {
        const orderId = await buy(learner.request, artefact);
        if (i < ORDERS - 1) {
          const refund = await admin.request.post(`/api/admin/orders/${orderId}/refund`);
          expect(refund.status(), await refund.text()).toBe(200);
        }
      }
      const all = await learner.request.get("/api/get-orders?limit=100");
      numbers = ((await all.json()) as { data: { rows: { order_id: string }[] } }).data.rows.map((r) => r.order_id);
      expect(numbers).toHaveLength(ORDERS);
      learnerState = await learner.storageState();
    } finally {
      await admin.close();
      await learner.close();
    }
  }, 180_000);

  const shownNumbers = (page: import("playwright-core").Page) =>
    page
      .locator(".order-list > li")
      .evaluateAll((items) => items.map((li) => /SS-\d{8}-[0-9A-F]{8}/.exec(li.textContent ?? "")?.[0] ?? ""));

  it("shows the newest 20, then the oldest on the next page; reload, back and forward keep the page", async () => {
    const { page } = session;
    await page.goto("/my-orders");
    await page.getByRole("heading", { name: "Order History", level: 1 }).waitFor();
    expect(await shownNumbers(page)).toEqual(numbers.slice(0, 20));
    const pager = page.getByRole("navigation", { name: "Order pages" });
    expect(await pager.getByRole("link", { name: "← Previous" }).count()).toBe(0);
    await expectAccessible(page);

    await pager.getByRole("link", { name: "Next →" }).click();
    await page.waitForURL(/\/my-orders\?cursor=/);
    await page.waitForFunction(() => document.querySelectorAll(".order-list > li").length === 1);
    expect(await shownNumbers(page)).toEqual(numbers.slice(20));
    expect(await pager.getByRole("link", { name: "Next →" }).count()).toBe(0);
    const secondPage = page.url();

    await page.reload();
    await page.getByRole("heading", { name: "Order History", level: 1 }).waitFor();
    expect(page.url()).toBe(secondPage);
    expect(await shownNumbers(page)).toEqual(numbers.slice(20));

    await page.goBack();
    await page.waitForURL(/\/my-orders$/);
    await page.waitForFunction(() => document.querySelectorAll(".order-list > li").length === 20);
    expect(await shownNumbers(page)).toEqual(numbers.slice(0, 20));
    await page.goForward();
    await page.waitForURL(secondPage);
    await page.waitForFunction(() => document.querySelectorAll(".order-list > li").length === 1);

    await pager.getByRole("link", { name: "← Previous" }).click();
    await page.waitForURL(/\/my-orders\?cursor=/);
    await page.waitForFunction(() => document.querySelectorAll(".order-list > li").length === 20);
    expect(await shownNumbers(page)).toEqual(numbers.slice(0, 20));
    expect(await pager.getByRole("link", { name: "← Previous" }).count()).toBe(0);
  });

  it("answers an altered page link with 422, the reason and a way to the first page", async () => {
    const { page } = session;
    const response = await page.goto("/my-orders?cursor=not-a-page");
    expect(response?.status()).toBe(422);
    await page.getByText("This page link is not valid. Start again from the first page.").waitFor();
    // Chromium logs the 422 document as a console error; that one is expected.
    dropExpectedRequestErrors(session.errors, [422]);
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await page.waitForURL(/\/my-orders$/);
    await page.getByRole("heading", { name: "Order History", level: 1 }).waitFor();
    expect(await shownNumbers(page)).toEqual(numbers.slice(0, 20));
  });
});

/** A priced artefact of the demo catalogue, with what the cart and checkout need. */
async function pricedArtefact(api: APIRequestContext): Promise<{ id: number }> {
  const categories = (await (await api.get("/api/categories")).json()) as {
    data: { slug: string; parent_id: number }[];
  };
  for (const category of categories.data.filter((c) => c.parent_id > 0)) {
    const listing = (await (await api.post("/api/get-data", { data: { slug: category.slug } })).json()) as {
      seo_data: { id: number; price: number | null };
    };
    if (listing.seo_data.price !== null) return { id: listing.seo_data.id };
  }
  throw new Error("the demo catalogue has no priced artefact");
}

/** Buys the artefact by card through the Stripe emulator's Pay button, and returns the new order's id. */
async function buy(api: APIRequestContext, artefact: { id: number }): Promise<number> {
  const added = await api.post("/api/cart/add", { data: { sub_category_id: artefact.id, group_id: null } });
  expect(added.status(), await added.text()).toBe(201);
  await payCartThroughApi(api);
  for (let attempt = 0; attempt < 50; attempt++) {
    const latest = (await (await api.get("/api/get-orders?limit=1")).json()) as {
      data: { rows: { id: number; status: string }[] };
    };
    const [order] = latest.data.rows;
    if (order && order.status === "Completed") return order.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no order after paying");
}
