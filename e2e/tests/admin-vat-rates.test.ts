import { beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin.ts";
import { expectAccessible, hasHorizontalScroll, useBrowser } from "../support/browser.ts";
import type { StorageState } from "../support/purchase.ts";

/**
 * The VAT rates page in the browser (issue 39): the store's table with its
 * date and sources, an operator's change from a later day (Malta's, which no
 * other test buys in, so the shared stores' checkouts are not moved), and its
 * removal; axe on a desktop and a phone.
 */
describe("the VAT rates page", () => {
  let adminState: StorageState;
  const session = useBrowser({ storageState: () => adminState });

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
  });

  it("shows the table, takes a change from a later day, and removes it", async () => {
    const { page } = session;
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "VAT rates" }).click();
    await page.getByRole("heading", { name: "VAT rates", level: 1 }).waitFor();
    await page.getByRole("link", { name: "European Commission: VAT rates applied in the Member States" }).waitFor();
    const malta = page.locator('tr[data-country="MT"]');
    expect((await malta.locator("td").allTextContents()).slice(0, 2)).toEqual(["18 %", "5 %"]);

    const later = new Date(Date.now() + 40 * 24 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel("Country").selectOption("MT");
    await page.getByLabel("Rate (%)").fill("19");
    await page.getByLabel("Applies from").fill(later);
    await page.getByRole("button", { name: "Save rate" }).click();
    await page.getByRole("status").filter({ hasText: "The rate is saved." }).waitFor();
    // Today's rate is the table's still; the change waits for its day.
    expect((await malta.locator("td").allTextContents()).slice(0, 2)).toEqual(["18 %", "5 %"]);
    expect(await malta.locator(".admin-vat-upcoming").textContent()).toMatch(/^From .+: 19 % and 5 %$/);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);

    await page.getByRole("button", { name: /^Remove the change of Malta from / }).click();
    await page.getByRole("status").filter({ hasText: "The change is removed" }).waitFor();
    await page.getByText("No changes: the store's table applies.").waitFor();
    expect(await malta.locator(".admin-vat-upcoming").count()).toBe(0);
  });
});
