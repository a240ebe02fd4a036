import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { formatAmount } from "@skillshelf/shared/formatting.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, useBrowser } from "../support/browser.ts";
import {
  type ArticleRef,
  articlePath,
  getCategories,
  imagesOf,
  loadArticles,
  pdfsOf,
  pick,
} from "../support/public-catalogue.ts";
import { cartLink, emptyCart, type StorageState, signInLearner } from "../support/purchase.ts";

/**
 * What each artefact costs, where a learner looks: the home tiles and the
 * parent categories' cards (its price, "From" its cheapest priced group, or
 * Free), and a locked article's note, which sells the smallest thing that
 * unlocks it. The expectations come from the listing API, not from the offer
 * the pages are built with.
 */
describe("prices where the learner looks", () => {
  let learner: StorageState | undefined;
  const session = useBrowser({ storageState: () => learner });
  let listings: ListingResponse[];
  let articles: ArticleRef[];
  /** Each artefact's parent category's slug. */
  const parentOf = new Map<string, string>();
  /** Artefacts the signed-in learner owns something of (other test files buy with the same learner). */
  const owned = new Set<string>();

  beforeAll(async () => {
    const categories = await getCategories();
    articles = await loadArticles();
    const bySlug = new Map(articles.map((a) => [a.listing.seo_data.slug, a.listing]));
    const parents = new Map(categories.data.filter((c) => c.parent_id === 0).map((c) => [c.id, c.slug]));
    const artefacts = categories.data.filter((c) => c.parent_id > 0);
    for (const c of artefacts) parentOf.set(c.slug, parents.get(c.parent_id) ?? "more");
    listings = artefacts.flatMap((c) => bySlug.get(c.slug) ?? []);
  });

  /** The label an artefact's card must show to a visitor. */
  const expectedLabel = (listing: ListingResponse) => {
    const { seo_data: seo } = listing;
    if (seo.price !== null) return formatAmount(seo.price, seo.currency);
    const groupPrices = listing.groups.flatMap((g) => (g.price === null ? [] : [g.price]));
    if (groupPrices.length === 0) return "Free";
    return `From ${formatAmount(Math.min(...groupPrices), seo.currency)}`;
  };
  const examples = () => [
    pick(listings, "artefact with its own price", (l) => l.seo_data.price !== null),
    pick(
      listings,
      "artefact priced by its groups only",
      (l) => l.seo_data.price === null && l.groups.some((g) => g.price !== null),
    ),
    pick(listings, "free artefact", (l) => l.seo_data.price === null && l.groups.every((g) => g.price === null)),
  ];

  it("shows each artefact's price, From price or Free on the home tiles", async () => {
    const { page } = session;
    await page.goto("/");
    for (const listing of examples()) {
      const tile = page.locator(`a.artefact-tile[href="/${listing.seo_data.slug}"]`);
      await expect(tile.locator("b").textContent(), listing.seo_data.slug).resolves.toBe(expectedLabel(listing));
    }
  });

  it("shows the same labels on a parent category's cards", async () => {
    const { page } = session;
    for (const listing of examples()) {
      await page.goto(`/${parentOf.get(listing.seo_data.slug)}`);
      const card = page.locator(`main a.artefact-card[href="/${listing.seo_data.slug}"]`);
      await expect(card.locator(".artefact-card__offer").textContent(), listing.seo_data.slug).resolves.toBe(
        expectedLabel(listing),
      );
    }
  });

  /** A priced article and what unlocks it according to the listing: its priced group, else the artefact. */
  const lockedArticle = () => {
    const article = pick(
      articles,
      "priced article with media in a priced group",
      (a) =>
        !a.detail.is_payment_paid &&
        imagesOf(a).length + pdfsOf(a).length > 0 &&
        !owned.has(a.listing.seo_data.slug) &&
        a.listing.groups.some((g) => g.price !== null && g.contents.some((c) => c.id === a.summary.id)),
    );
    const group = article.listing.groups.find((g) => g.contents.some((c) => c.id === article.summary.id));
    if (!group || group.price === null) throw new Error("no priced group");
    return { article, name: `${article.listing.seo_data.name}: ${group.name}`, price: group.price };
  };

  it("offers a visitor the smallest thing that unlocks a locked article, and asks them to sign in to buy it", async () => {
    const { page } = session;
    const { article, name, price } = lockedArticle();
    await page.goto(articlePath(article));
    const note = page.locator(".locked-note");
    await expect(note.locator("strong").textContent()).resolves.toBe(name);
    const button = note.getByRole("button", {
      name: `Add To Cart ${formatAmount(price, article.listing.seo_data.currency)}`,
    });
    await button.click();
    await page.waitForURL(/\/login/);
  });

  describe("signed in", () => {
    beforeAll(async () => {
      learner = await signInLearner(session.browser);
      const context = await session.browser.newContext({ baseURL: baseUrl, storageState: learner });
      const items = (await (await context.request.get("/api/get-items?limit=100")).json()) as {
        data: { rows: { category: { slug: string } }[] };
      };
      for (const row of items.data.rows) owned.add(row.category.slug);
      await context.close();
    });

    it("adds what unlocks the article to the cart from the note", async () => {
      const { page } = session;
      const { article, price } = lockedArticle();
      await page.goto(articlePath(article));
      await cartLink(page, 0).waitFor();
      const note = page.locator(".locked-note");
      await note
        .getByRole("button", { name: `Add To Cart ${formatAmount(price, article.listing.seo_data.currency)}` })
        .click();
      await cartLink(page, 1).waitFor();
      await page.goto("/cart");
      await expect(page.locator("main").textContent()).resolves.toContain(article.listing.seo_data.name);
      await emptyCart(page.request);
    });
  });
});
