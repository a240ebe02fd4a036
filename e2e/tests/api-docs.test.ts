import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";

// Swagger UI loads its own scripts: under the store pages' nonce-only script policy it stayed blank.
// A CSP violation is a console error, which fails the test (support/browser.ts).
describe("the API docs", () => {
  const session = useBrowser();

  it("render in the browser and list the operations", async () => {
    const { page } = session;
    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    await page.locator(".opblock").first().waitFor();
    expect(await page.locator(".opblock").count()).toBeGreaterThan(40);
    const categories = page.locator(".opblock-get", { has: page.locator('[data-path="/api/categories"]') });
    await expect.poll(() => categories.count()).toBe(1);
    expect(await page.locator(".opblock-post [data-path='/api/login']").count()).toBe(1);
  });
});
