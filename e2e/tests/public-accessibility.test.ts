import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "../support/browser.ts";
import { type ArticleRef, articlePath, imagesOf, loadArticles, pick } from "../support/public-catalogue.ts";
import { forgiveNotFoundDocument } from "../support/public-errors.ts";

const activeName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return { tag: active?.tagName, id: active?.id, text: active?.textContent?.trim() };
  });

describe("accessibility of the public pages", () => {
  const session = useBrowser();
  let articles: ArticleRef[];

  beforeAll(async () => {
    articles = await loadArticles();
  });

  const freeWithImages = () =>
    pick(articles, "free article with images", (a) => a.detail.is_payment_paid && imagesOf(a).length > 0);

  it("has no serious or critical axe violation on the home page, with and without a letter filter", async () => {
    const { page } = session;
    await page.goto("/");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Q", exact: true }).click();
    await expectAccessible(page);
  });

  it("has no serious or critical axe violation on a parent and an artefact listing", async () => {
    const { page } = session;
    await page.goto("/tech-cards");
    await expectAccessible(page);
    const priced = pick(articles, "priced artefact with groups", (a) => a.listing.seo_data.price !== null);
    await page.goto(`/${priced.artefact.slug}`);
    await expectAccessible(page);
  });

  it("has no serious or critical axe violation on an article, with the Share menu open and with the image preview open", async () => {
    const { page } = session;
    await page.goto(articlePath(freeWithImages()));
    await expectAccessible(page);

    await page.getByRole("button", { name: "Share" }).click();
    await page.locator(".share-menu__panel").waitFor({ state: "visible" });
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await page
      .getByRole("button", { name: /^View .* full size$/ })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Image preview" }).waitFor();
    await expectAccessible(page);
  });

  it("has no serious or critical axe violation on a locked article", async () => {
    const { page } = session;
    const locked = pick(
      articles,
      "priced article with images",
      (a) => !a.detail.is_payment_paid && imagesOf(a).length > 0,
    );
    await page.goto(articlePath(locked));
    await expectAccessible(page);
  });

  it("has no serious or critical axe violation on the 404 page", async () => {
    const { page } = session;
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectAccessible(page);
    // Chrome logs the 404 page's own document as a failed resource: that status is the point of the page.
    forgiveNotFoundDocument(session.errors);
  });

  it("puts the skip link first in the tab order, and it moves focus to the main content", async () => {
    const { page } = session;
    await page.goto("/tech-cards");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.getAttribute("href")).toBe("#main");
    expect(await skip.isVisible()).toBe(true);

    await page.keyboard.press("Enter");
    await expect.poll(() => activeName(page).then((a) => a.id)).toBe("main");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    // The next Tab goes on inside the page content, not back to the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  });

  it("opens More.. from the keyboard and reaches its links", async () => {
    const { page } = session;
    await page.goto("/");
    const more = page.getByRole("button", { name: "More.." });
    const panel = page.locator(".more-menu__panel");

    // Tab along the header until More.. has focus.
    for (let i = 0; i < 20 && !(await more.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    expect(await more.evaluate((b) => b === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await panel.waitFor({ state: "visible" });
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest(".more-menu__panel"))).toBe(true);

    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await more.evaluate((b) => b === document.activeElement)).toBe(true);

    // ArrowDown opens it on its first link; Enter follows that link.
    await page.keyboard.press("ArrowDown");
    await panel.waitFor({ state: "visible" });
    const first = panel.getByRole("link").first();
    await expect.poll(() => first.evaluate((a) => a === document.activeElement)).toBe(true);
    const href = (await first.getAttribute("href")) ?? "";
    await page.keyboard.press("Enter");
    await page.waitForURL(href);
  });

  it("opens and closes the Share menu and the image preview from the keyboard, returning focus", async () => {
    const { page } = session;
    await page.goto(articlePath(freeWithImages()));
    const share = page.getByRole("button", { name: "Share" });
    await share.focus();
    await page.keyboard.press("Enter");
    await page.locator(".share-menu__panel").waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    await expect.poll(() => activeName(page).then((a) => a.text)).toMatch(/^Facebook/);
    await page.keyboard.press("Escape");
    await page.locator(".share-menu__panel").waitFor({ state: "hidden" });
    expect(await share.evaluate((b) => b === document.activeElement)).toBe(true);

    const thumb = page.getByRole("button", { name: /^View .* full size$/ }).first();
    await thumb.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Image preview" });
    await dialog.waitFor();
    const close = dialog.getByRole("button", { name: "Close image preview" });
    expect(await close.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await thumb.evaluate((b) => b === document.activeElement)).toBe(true);
  });
});
