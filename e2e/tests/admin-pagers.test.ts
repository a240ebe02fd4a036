import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin.ts";
import { useBrowser } from "../support/browser.ts";
import type { StorageState } from "../support/purchase.ts";
import { PAGER_LEARNERS, PAGER_TAG } from "../support/seed-admin-pages.ts";

/**
 * The admin learners and orders lists a page at a time: searched for the 25
 * learners (and their 25 orders) that global setup made, they show 20, Next
 * shows the other 5, the page is in the URL (reload keeps it), and Previous
 * comes back to the first 20.
 */
describe("the admin lists, a page at a time", () => {
  let adminState: StorageState;
  const session = useBrowser({ storageState: () => adminState });

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
  });

  const rows = (page: Page) =>
    page.locator(".admin-table tbody tr").evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ""));
  const showing = (page: Page, count: number) =>
    page.waitForFunction((n) => document.querySelectorAll(".admin-table tbody tr").length === n, count);

  it.each([
    ["/admin/users", "Learners"],
    ["/admin/orders", "Orders"],
  ])("%s: Next, Previous, and the page in the URL", async (path, title) => {
    const { page } = session;
    const search = PAGER_TAG.toLowerCase();
    await page.goto(`${path}?search=${search}`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await showing(page, 20);
    const first = await rows(page);
    expect(first.every((row) => row.toLowerCase().includes(search))).toBe(true);
    const pager = page.getByRole("navigation", { name: `${title} pages` });
    expect(await pager.getByRole("link", { name: "← Previous" }).count()).toBe(0);

    await pager.getByRole("link", { name: "Next →" }).click();
    await page.waitForURL((url) => url.searchParams.has("cursor") && url.searchParams.get("search") === search);
    await showing(page, PAGER_LEARNERS - 20);
    const second = await rows(page);
    expect(second.some((row) => first.includes(row))).toBe(false);
    expect(await pager.getByRole("link", { name: "Next →" }).count()).toBe(0);
    const secondUrl = page.url();

    await page.reload();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await showing(page, PAGER_LEARNERS - 20);
    expect(page.url()).toBe(secondUrl);
    expect(await rows(page)).toEqual(second);

    await pager.getByRole("link", { name: "← Previous" }).click();
    await page.waitForURL((url) => url.toString() !== secondUrl && url.searchParams.get("search") === search);
    await showing(page, 20);
    expect(await rows(page)).toEqual(first);
    expect(await pager.getByRole("link", { name: "← Previous" }).count()).toBe(0);
  });
});
