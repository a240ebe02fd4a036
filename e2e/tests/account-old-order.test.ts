import type { OrderRow } from "@skillshelf/shared/api.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminReady, signInAdmin } from "../support/admin.ts";
import { baseUrl, inOtherContext } from "../support/browser.ts";
import { OLD_ORDER } from "../support/learner.ts";
import {
  bell,
  checkPage,
  fact,
  openUnreadNotifications,
  type StorageState,
  toast,
  useLearnerBrowser,
} from "../support/purchase.ts";

const DAY = 24 * 3600_000;

/**
 * What the shared learner bought 8 days ago (seed-learner.ts: Terraform's
 * "State and Modules" group, which no e2e test buys): past the 6-day
 * money-back guarantee the order keeps its access and offers no refund; and
 * an article the operator adds to that group is news for them. Two
 * sign-ins: the learner's kept session and the admin.
 */
describe("a learner's order from 8 days ago", () => {
  const session = useLearnerBrowser();
  let adminState: StorageState;
  /** The article the operator adds, removed again after the file. */
  let addedId: string | undefined;
  const tag = Date.now().toString(36);
  const article = { title: `Remote State Locking ${tag}`, slug: `remote-state-locking-${tag}` };

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
  });
  afterAll(async () => {
    if (!addedId) return;
    const context = await session.browser.newContext({ baseURL: baseUrl, storageState: adminState });
    try {
      expect((await context.request.delete(`/api/admin/contents/${addedId}`)).status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  /** The old order, from the learner's list of orders. */
  async function oldOrder(page: Page): Promise<OrderRow> {
    const response = await page.request.get("/api/get-orders?limit=100");
    expect(response.status()).toBe(200);
    const { rows } = ((await response.json()) as { data: { rows: OrderRow[] } }).data;
    const order = rows.find((row) => row.orders.some((line) => line.groups?.name === OLD_ORDER.group));
    if (!order) throw new Error(`no order of ${OLD_ORDER.group} among ${rows.length}`);
    return order;
  }

  it("shows no Request refund once the 6 days are over: the order stays Completed, its access stays, and the API says why", async () => {
    const { page } = session;
    const order = await oldOrder(page);
    expect(Date.now() - Date.parse(order.created_at)).toBeGreaterThan(6 * DAY);
    await page.goto(`/order-details/${order.id}`);
    await page.getByRole("heading", { name: `Order ${order.order_id}`, level: 1 }).waitFor();
    expect(await fact(page, "Status")).toBe("Completed");
    expect(await fact(page, "Payment status")).toBe("Paid");
    expect(await fact(page, "Amount")).toBe(OLD_ORDER.price);
    expect(await page.locator(".account-page__header .status-badge").textContent()).toBe("Completed");
    // The invoice stays; the guarantee's section and its button are gone.
    await page.getByRole("link", { name: "Download invoice (PDF)" }).waitFor();
    expect(await page.getByRole("region", { name: "6-day money-back guarantee" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Request refund" }).count()).toBe(0);
    await checkPage(page);

    // Asked anyway (a page left open since the guarantee ran), the store refuses and names the deadline.
    const refused = await page.request.post(`/api/orders/${order.id}/refund`);
    expect(refused.status()).toBe(409);
    const stated = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
    expect(await refused.json()).toEqual({
      status: false,
      message: `The 6-day money-back guarantee for this order ended on ${stated.format(Date.parse(order.created_at) + 6 * DAY)} UTC.`,
    });
    await page.reload();
    await page.getByRole("heading", { name: `Order ${order.order_id}`, level: 1 }).waitFor();
    expect(await fact(page, "Status")).toBe("Completed");

    // The group is still the learner's.
    await page.goto(`/${OLD_ORDER.slug}`);
    const group = page.locator("section.group-card", {
      has: page.getByRole("heading", { name: OLD_ORDER.group, exact: true }),
    });
    await group.getByText("Owned", { exact: true }).waitFor();
  });

  it("tells the learner of a new article the operator adds to the group they own, counted in the header", async () => {
    const { page } = session;
    // Whatever earlier purchases told this learner is read first.
    await page.goto("/notifications");
    await bell(page, "Notifications").waitFor();

    await inOtherContext(session, { storageState: adminState }, async (admin) => {
      await admin.goto("/admin");
      await adminReady(admin, "Catalogue");
      await admin.getByRole("button", { name: `Expand ${OLD_ORDER.artefact}` }).click();
      await admin.getByRole("link", { name: `Add content to group ${OLD_ORDER.group}` }).click();
      await admin.getByLabel("Title (required)", { exact: true }).fill(article.title);
      await admin.getByLabel("Slug (required)", { exact: true }).fill(article.slug);
      await admin.getByLabel("Short description", { exact: true }).fill("Two applies at once, one state.");
      await admin.getByRole("button", { name: "Edit HTML" }).click();
      await admin.getByLabel("Article body (HTML)", { exact: true }).fill("<p>Lock the state before you apply.</p>");
      await admin.getByRole("button", { name: "Create content" }).click();
      await toast(admin, "Content created.");
      await admin.getByRole("heading", { name: `Edit content: ${article.title}` }).waitFor();
      // The editor's URL (beside the tree's open rows): /admin/catalogue/contents/<id>.
      addedId = /^\/admin\/catalogue\/contents\/(\d+)$/.exec(new URL(admin.url()).pathname)?.[1];
      expect(addedId).toBeDefined();
    });

    const { unread, titles } = await openUnreadNotifications(page, 1);
    expect(titles).toEqual([`Unread: New article in ${OLD_ORDER.artefact}`]);
    expect(await unread.textContent()).toContain(`${article.title} is ready to read in ${OLD_ORDER.artefact}.`);
    // Seen: the header's count goes.
    await bell(page, "Notifications").waitFor();
    await checkPage(page);

    // The notification opens the article, unlocked for its owner.
    await unread.getByRole("link", { name: `New article in ${OLD_ORDER.artefact}` }).click();
    await page.waitForURL(new RegExp(`/${OLD_ORDER.slug}/${article.slug}$`));
    await page.getByRole("heading", { name: article.title, level: 1 }).waitFor();
    await page.getByText("Lock the state before you apply.").waitFor();
    expect(await page.locator(".locked-note").count()).toBe(0);
  });
});
