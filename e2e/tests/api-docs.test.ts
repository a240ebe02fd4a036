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

  it("show each operation's typed answers, its error envelope and who may call it", async () => {
    const { page } = session;
    await page.goto("/api/docs");
    await page.locator(".opblock").first().waitFor();
    // The bearer token and the cookie are offered to authorize with.
    await page.locator(".auth-wrapper .authorize").waitFor();
    const operation = (method: string, path: string) =>
      page.locator(`.opblock-${method}`, { has: page.locator(`[data-path="${path}"]`) });
    // Signed-in operations carry the lock; public ones do not.
    expect(await operation("get", "/api/cart/get").locator(".authorization__btn").count()).toBe(1);
    expect(await operation("get", "/api/categories").locator(".authorization__btn").count()).toBe(0);

    const categories = operation("get", "/api/categories");
    await categories.locator(".opblock-summary").click();
    const responses = categories.locator(".responses-table .response");
    await responses.first().waitFor();
    const statuses = await categories.locator(".responses-table .response .response-col_status").allTextContents();
    expect(statuses.map((s) => s.trim())).toEqual(expect.arrayContaining(["200", "4XX", "5XX"]));
    // The success answer's example is built from its schema: the catalogue's own fields, typed.
    const success = categories.locator('.responses-table .response[data-code="200"]');
    await expect.poll(() => success.textContent()).toContain("header_category");
    expect(await success.textContent()).toContain("single_line");
    const error = categories.locator('.responses-table .response[data-code="4XX"]');
    expect(await error.textContent()).toContain("errors");

    // Every operation's success answer has a schema (no bare "Default Response").
    const login = operation("post", "/api/login");
    await login.locator(".opblock-summary").click();
    await expect
      .poll(() => login.locator('.responses-table .response[data-code="200"]').textContent())
      .toContain("session_token");
  });
});
