import { beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin.ts";
import { downloadedBytes, expectAccessible, hasHorizontalScroll, useBrowser } from "../support/browser.ts";
import type { StorageState } from "../support/purchase.ts";

/**
 * The sales page in the browser (issue 39): it hydrates what the server drew
 * (a console error fails the test), the presets and the range's form change
 * the URL and the chart, the figures download as CSV, and it passes axe on a
 * phone and a desktop. The store's seeded orders are its history.
 */
describe("the sales page", () => {
  let adminState: StorageState;
  const session = useBrowser({ storageState: () => adminState });

  beforeAll(async () => {
    adminState = await signInAdmin(session.browser);
  });

  it("keeps its range in the URL: a preset, then chosen days by month", async () => {
    const { page } = session;
    await page.goto("/admin/sales");
    await page.getByRole("heading", { name: "Sales", level: 1 }).waitFor();
    const chart = page.getByRole("img", { name: /^Gross sales and refunds per day/ });
    await chart.waitFor();
    expect(await page.getByRole("table", { name: "Gross sales and refunds per day" }).locator("tbody tr").count()).toBe(
      30,
    );

    await page.getByRole("navigation", { name: "Ranges" }).getByRole("link", { name: "1 year" }).click();
    await page.waitForURL((url) => url.searchParams.get("range") === "1y");
    await page.getByRole("img", { name: /^Gross sales and refunds per month/ }).waitFor();
    expect(await page.getByRole("link", { name: "1 year" }).getAttribute("aria-current")).toBe("page");

    await page.getByLabel("First day").fill("2025-01-01");
    await page.getByLabel("Last day").fill("2025-03-31");
    await page.getByLabel("Chart by").selectOption("month");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === "2025-01-01");
    expect(new URL(page.url()).searchParams.get("interval")).toBe("month");
    const months = page.getByRole("table", { name: "Gross sales and refunds per month" }).locator("tbody th");
    expect(await months.allTextContents()).toEqual(["Jan 2025", "Feb 2025", "Mar 2025"]);
    expect(await page.getByLabel("First day").inputValue()).toBe("2025-01-01");
  });

  it("downloads the figures as CSV, and passes axe without scrolling sideways on a phone", async () => {
    const { page } = session;
    await page.goto("/admin/sales?range=90d");
    await page.getByRole("heading", { name: "Sales", level: 1 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the figures (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^skillshelf-sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = (await downloadedBytes(download)).toString("utf8").trimEnd().split("\r\n");
    expect(rows[0]).toMatch(/^period,from,to,currency,gross,refunds,net,vat,orders,/);
    expect(rows).toHaveLength(3 + 90);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });
});
