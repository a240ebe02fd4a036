import type { CategoriesResponse } from "@skillshelf/shared/api.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { hasHorizontalScroll, useBrowser } from "../support/browser.ts";
import {
  type ArticleRef,
  articlePath,
  getCategories,
  imagesOf,
  loadArticles,
  pdfsOf,
  pick,
} from "../support/public-catalogue.ts";
import { forgiveNotFoundDocument } from "../support/public-errors.ts";

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

// One Chromium at phone size; each page is also checked at desktop width.
describe("public pages at 375 px and 1280 px", () => {
  const session = useBrowser(PHONE);
  let categories: CategoriesResponse;
  let articles: ArticleRef[];
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    [categories, articles] = await Promise.all([getCategories(), loadArticles()]);
    const wide = pick(
      articles,
      "priced article with a table, code and media",
      (a) =>
        !a.detail.is_payment_paid &&
        /<table/.test(a.detail.data.description) &&
        /<pre/.test(a.detail.data.description) &&
        imagesOf(a).length > 0 &&
        pdfsOf(a).length > 0,
    );
    const free = pick(articles, "free article with images", (a) => a.detail.is_payment_paid && imagesOf(a).length > 0);
    const groups = pick(articles, "artefact with groups", (a) => a.listing.groups.length > 0);
    Object.assign(pages, {
      home: "/",
      "parent listing": "/tech-cards",
      "artefact listing": `/${groups.artefact.slug}`,
      "article with table, code and locked media": articlePath(wide),
      "free article with images": articlePath(free),
      "404 page": "/no/such/page",
    });
  });

  it.each([
    "home",
    "parent listing",
    "artefact listing",
    "article with table, code and locked media",
    "free article with images",
    "404 page",
  ])("does not scroll sideways: %s", async (name) => {
    const { page } = session;
    const path = pages[name];
    if (!path) throw new Error(`no page ${name}`);
    await page.setViewportSize(PHONE);
    const response = await page.goto(path);
    expect(response?.status()).toBe(name === "404 page" ? 404 : 200);
    expect(await hasHorizontalScroll(page), `${path} at 375 px`).toBe(false);
    await page.setViewportSize(DESKTOP);
    expect(await hasHorizontalScroll(page), `${path} at 1280 px`).toBe(false);
    // Chrome logs the 404 page's own document as a failed resource: that status is the point of the page.
    if (name === "404 page") forgiveNotFoundDocument(session.errors);
  });

  it("opens the navigation from the Menu button at 375 px, and closes it on Escape", async () => {
    const { page } = session;
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    const panel = page.locator("#main-menu");
    expect(await menu.getAttribute("aria-controls")).toBe("main-menu");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    const categoriesLink = panel.getByRole("link", { name: "Categories", exact: true });
    expect(await categoriesLink.isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await categoriesLink.waitFor({ state: "visible" });
    for (const category of categories.data.filter((c) => c.is_header_menu === 1)) {
      expect(await panel.getByRole("link", { name: category.name, exact: true }).isVisible()).toBe(true);
    }
    expect(await panel.getByRole("link", { name: "Login", exact: true }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // More.. inside the open menu stays on screen too.
    await panel.getByRole("button", { name: "More.." }).click();
    await panel.locator(".more-menu__panel").waitFor({ state: "visible" });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.keyboard.press("Escape");
    await panel.locator(".more-menu__panel").waitFor({ state: "hidden" });

    await page.keyboard.press("Escape");
    await categoriesLink.waitFor({ state: "hidden" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the phone menu after following a link in it", async () => {
    const { page } = session;
    await page.goto("/");
    const header = pick(categories.data, "header category", (c) => c.is_header_menu === 1);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#main-menu").getByRole("link", { name: header.name, exact: true }).click();
    await page.waitForURL(`/${header.slug}`);
    await page.getByRole("heading", { level: 1, name: header.name }).waitFor();
    expect(await page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("hides the Menu button at 1280 px, where the navigation shows in the bar", async () => {
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    expect(await page.locator("#main-menu").getByRole("link", { name: "Categories", exact: true }).isVisible()).toBe(
      true,
    );
  });

  it("keeps the Share menu and the image preview on screen at 375 px", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto(pages["free article with images"] ?? "/");
    await page.getByRole("button", { name: "Share" }).click();
    const panel = page.locator(".share-menu__panel");
    await panel.waitFor({ state: "visible" });
    expect(await hasHorizontalScroll(page)).toBe(false);
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await page.keyboard.press("Escape");

    await page
      .getByRole("button", { name: /^View .* full size$/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Image preview" });
    await dialog.waitFor({ state: "visible" });
    const frame = await dialog.boundingBox();
    expect(frame && frame.x >= 0 && frame.x + frame.width <= PHONE.width).toBe(true);
    expect(await dialog.getByRole("button", { name: "Close image preview" }).isVisible()).toBe(true);
    const close = await dialog.getByRole("button", { name: "Close image preview" }).boundingBox();
    // Reachable: its centre is on screen (it overhangs the frame's corner by design).
    const centre = close && { x: close.x + close.width / 2, y: close.y + close.height / 2 };
    expect(centre && centre.x > 0 && centre.x < PHONE.width && centre.y > 0 && centre.y < PHONE.height).toBe(true);
    await dialog.getByRole("button", { name: "Close image preview" }).click();
    await dialog.waitFor({ state: "hidden" });
  });
});
