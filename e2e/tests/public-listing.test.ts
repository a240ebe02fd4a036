import type { CategoriesResponse, ContentSummary, ListingResponse } from "@skillshelf/shared/api.ts";
import { formatAmount } from "@skillshelf/shared/formatting.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { cutDescription, getCategories, getListing, pick } from "../support/public-catalogue.ts";

describe("category listing", () => {
  const session = useBrowser();
  let categories: CategoriesResponse;
  let listings: ListingResponse[];

  beforeAll(async () => {
    categories = await getCategories();
    listings = await Promise.all(categories.data.filter((c) => c.parent_id > 0).map((c) => getListing(c.slug)));
  });

  const contentsOf = (listing: ListingResponse): ContentSummary[] => [
    ...listing.groups.flatMap((g) => g.contents),
    ...listing.data,
  ];
  const priced = () =>
    pick(listings, "artefact with a price, a payment note and a priced group", (l) => {
      const seo = l.seo_data;
      return seo.price !== null && !!seo.payment_note && l.groups.some((g) => g.price !== null);
    });
  const hero = () => session.page.locator(".page-hero");

  it("lists a parent category's artefacts, each linking to its listing", async () => {
    const { page } = session;
    const parent = pick(categories.data, "parent with artefacts", (c) => c.parent_id === 0 && c.content.length > 1);
    await page.goto(`/${parent.slug}`);
    await page.getByRole("heading", { level: 1, name: parent.name }).waitFor();
    expect(await hero().textContent()).toContain(parent.single_line);

    const hrefs = await page.locator("main a.artefact-card").evaluateAll((a) => a.map((x) => x.getAttribute("href")));
    expect(hrefs).toEqual(parent.content.map((entry) => `/${entry.slug}`));
    const child = parent.content[1];
    if (!child) throw new Error("no second artefact");
    await page.locator(`main a.artefact-card[href="/${child.slug}"]`).click();
    await page.waitForURL(`/${child.slug}`);
    await page.getByRole("heading", { level: 1, name: child.name }).waitFor();
  });

  it("shows an artefact's name and single line in the hero, with Browse Courses in a new tab", async () => {
    const { page } = session;
    const listing = priced();
    await page.goto(`/${listing.seo_data.slug}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(listing.seo_data.name);
    await expect(hero().locator(".page-hero__lead").textContent()).resolves.toBe(listing.seo_data.single_line);
    const courses = hero().getByRole("link", { name: "Browse Courses (opens in a new tab)" });
    expect(await courses.getAttribute("target")).toBe("_blank");
    expect(await courses.getAttribute("href")).toMatch(/^https?:\/\//);
  });

  // The hero's defaults, for an artefact without a single line, are apps/server/test/page-titles.test.ts's:
  // the demo catalogue has none (public-ssr.test.ts checks every demo listing's own line).

  it("offers the whole priced sub-category with its price, and its payment note as a tooltip on hover and focus", async () => {
    const { page } = session;
    const { seo_data: seo } = priced();
    await page.goto(`/${seo.slug}`);
    const button = hero().getByRole("button", { name: `Add To Cart ${formatAmount(seo.price ?? 0, seo.currency)}` });
    await button.waitFor();
    const tooltipId = await button.getAttribute("aria-describedby");
    expect(tooltipId).toBeTruthy();
    const tooltip = page.locator(`[id="${tooltipId}"]`);
    expect(await tooltip.getAttribute("role")).toBe("tooltip");
    expect(await tooltip.textContent()).toBe(seo.payment_note);
    expect(await tooltip.isVisible()).toBe(false);

    await button.hover();
    await tooltip.waitFor({ state: "visible" });
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: "hidden" });
    await button.focus();
    await tooltip.waitFor({ state: "visible" });
  });

  it("shows no Add To Cart for a free artefact", async () => {
    const { page } = session;
    const free = pick(
      listings,
      "free artefact without priced groups",
      (l) => l.seo_data.price === null && l.groups.every((g) => g.price === null),
    );
    await page.goto(`/${free.seo_data.slug}`);
    await page.getByRole("heading", { level: 1, name: free.seo_data.name }).waitFor();
    await expect(page.getByRole("button", { name: /Add To Cart/ }).count()).resolves.toBe(0);
    expect(await hero().textContent()).toContain("Free to read");
  });

  it("shows Add To Cart and the price on priced groups only", async () => {
    const { page } = session;
    const listing = priced();
    await page.goto(`/${listing.seo_data.slug}`);
    for (const group of listing.groups) {
      const card = page.locator("section.group-card").filter({ has: page.getByRole("heading", { name: group.name }) });
      const buttons = card.getByRole("button", { name: /Add To Cart/ });
      if (group.price === null) {
        await expect(buttons.count()).resolves.toBe(0);
      } else {
        await expect(buttons.count()).resolves.toBe(1);
        await expect(card.locator(".price").textContent()).resolves.toBe(formatAmount(group.price, group.currency));
      }
      const titles = await card.locator("article.content-card h3").allTextContents();
      expect(titles).toEqual(group.contents.map((c) => c.title));
    }
  });

  it("cuts each card's description at 90 characters plus '...', and lists every article", async () => {
    const { page } = session;
    const listing = pick(listings, "artefact with a description over 90 characters", (l) =>
      contentsOf(l).some((c) => c.short_description.length > 90),
    );
    await page.goto(`/${listing.seo_data.slug}`);
    const cards = await page.locator("article.content-card").evaluateAll((articles) =>
      articles.map((a) => ({
        title: a.querySelector("h3")?.textContent,
        text: a.querySelector("p")?.textContent,
        href: a.querySelector("a")?.getAttribute("href"),
      })),
    );
    const contents = contentsOf(listing);
    expect(cards).toHaveLength(contents.length);
    for (const content of contents) {
      const card = cards.find((c) => c.title === content.title);
      expect(card?.text).toBe(cutDescription(content.short_description));
      expect(card?.href).toBe(`/${listing.seo_data.slug}/${content.slug}`);
    }
    const long = cards.filter((c) => c.text?.endsWith("..."));
    expect(long.length).toBeGreaterThan(0);
    for (const card of long) expect(card.text).toHaveLength(93);
  });

  it("opens See Details in a new tab on the article", async () => {
    const { page } = session;
    const listing = priced();
    const content = contentsOf(listing)[0];
    if (!content) throw new Error("no article");
    await page.goto(`/${listing.seo_data.slug}`);
    const link = page
      .locator("article.content-card")
      .filter({ hasText: content.title })
      .getByRole("link", { name: "See Details (opens in a new tab)" });
    expect(await link.getAttribute("target")).toBe("_blank");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/${listing.seo_data.slug}/${content.slug}`);
    await expect(tab.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(content.title);
    expect(new URL(page.url()).pathname).toBe(`/${listing.seo_data.slug}`);
  });

  it("sends a visitor's Add To Cart to /login, from the hero and from a group", async () => {
    const { page } = session;
    const listing = priced();
    await page.goto(`/${listing.seo_data.slug}`);
    await hero()
      .getByRole("button", { name: /^Add To Cart/ })
      .click();
    // To the sign-in page (perhaps with where to come back to), not into a cart.
    await page.waitForURL((url) => url.pathname === "/login");

    const group = listing.groups.find((g) => g.price !== null);
    await page.goto(`/${listing.seo_data.slug}`);
    await page
      .locator("section.group-card")
      .filter({ has: page.getByRole("heading", { name: group?.name }) })
      .getByRole("button", { name: /Add To Cart/ })
      .click();
    await page.waitForURL((url) => url.pathname === "/login");
  });

  it("shows the 'Loading…' spinner while a slow listing loads", async () => {
    const { page } = session;
    const parent = pick(categories.data, "parent", (c) => c.slug === "labs");
    await page.goto("/");
    const status = page.locator("header [role='status']");
    expect((await status.textContent())?.trim()).toBe("");

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(`.format-card[href="/${parent.slug}"]`).click();
    await expect.poll(async () => (await status.textContent())?.trim()).toBe("Loading…");
    expect(await status.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");

    release();
    await page.waitForURL(`/${parent.slug}`);
    await page.getByRole("heading", { level: 1, name: parent.name }).waitFor();
    await expect.poll(async () => (await status.textContent())?.trim()).toBe("");
  });
});
