import type { SearchSuggestion } from "@skillshelf/shared/search.ts";
import { describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, useBrowser } from "../support/browser.ts";

/** The header's search box with its suggestions, and the /search results page, on the demo catalogue. */
describe("search", () => {
  const session = useBrowser();

  const suggestionsFor = async (q: string) => {
    const response = await fetch(`${baseUrl}/api/search/suggestions?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { data: SearchSuggestion[] }).data;
  };
  const box = () => session.page.locator("#site-search");
  const listbox = () => session.page.getByRole("listbox", { name: "Suggestions" });

  it("suggests while typing in the header, moves through the suggestions with the arrow keys and opens one with Enter", async () => {
    const { page } = session;
    // A prefix of the demo catalogue with several suggestions.
    let query = "";
    let expected: SearchSuggestion[] = [];
    for (const candidate of ["con", "git", "net", "com", "kub", "pro"]) {
      expected = await suggestionsFor(candidate);
      query = candidate;
      if (expected.length > 1) break;
    }
    expect(expected.length).toBeGreaterThan(1);
    await page.goto("/");
    await box().click();
    // The suggestions load with the first focus; the box becomes a combobox.
    await page.getByRole("combobox", { name: "Search the catalogue" }).waitFor();
    await box().pressSequentially(query, { delay: 40 });
    await listbox().waitFor({ state: "visible" });
    const options = listbox().getByRole("option");
    await expect.poll(() => options.count()).toBe(expected.length);
    expect(await options.first().textContent()).toContain(expected[0]?.label);
    expect(await box().getAttribute("aria-expanded")).toBe("true");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const second = options.nth(1);
    expect(await second.getAttribute("aria-selected")).toBe("true");
    expect(await box().getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
    await expectAccessible(page);
    await page.keyboard.press("ArrowUp");
    expect(await options.first().getAttribute("aria-selected")).toBe("true");

    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === expected[0]?.url);
  });

  it("closes the suggestions with Escape, and Enter without a choice opens the results page", async () => {
    const { page } = session;
    await page.goto("/");
    await box().click();
    await page.getByRole("combobox", { name: "Search the catalogue" }).waitFor();
    await box().pressSequentially("layer", { delay: 40 });
    await listbox().waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await listbox().waitFor({ state: "hidden" });
    expect(await box().getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "layer");
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    await expect.poll(() => page.locator(".search-page__count").textContent()).toMatch(/match “layer”/);
  });

  it("shows results grouped by artefact with the matching words highlighted, and is accessible", async () => {
    const { page } = session;
    await page.goto("/search?q=docker");
    const results = page.locator(".search-result");
    expect(await results.count()).toBeGreaterThan(0);
    const first = results.first();
    expect((await first.locator("h2 a").getAttribute("href"))?.startsWith("/")).toBe(true);
    const marks = await page.locator(".search-result__snippet mark, .search-result__article mark").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toContain("docker");
    // No media of any article: only page links.
    expect(await page.locator(".search-results img, .search-results a[href*='/media/']").count()).toBe(0);
    await expectAccessible(page);
  });

  it("works without JavaScript: the header box is a plain form to the results page", async () => {
    const context = await session.browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("#site-search").fill("kubernetes");
    await page.locator("#site-search").press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(await page.locator(".search-result").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("helps when nothing matches, and when nothing was asked", async () => {
    const { page } = session;
    await page.goto("/search?q=zzqxwv");
    await page.getByText("No results for").waitFor();
    await page.getByRole("link", { name: "browse every category" }).waitFor();
    await expectAccessible(page);
    await page.goto("/search");
    await page.getByText("Type a word or two of what you want to learn").waitFor();
    await expectAccessible(page);
  });
});
