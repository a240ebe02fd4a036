import { readFileSync } from "node:fs";
import type { CategoriesResponse, ListingResponse } from "@skillshelf/shared/api.ts";
import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { LISTING_DEFAULTS, pageTitle } from "@skillshelf/shared/constants.ts";
import { formatAmount } from "@skillshelf/shared/formatting.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../support/browser.ts";
import {
  type ArticleRef,
  articlePath,
  getCategories,
  getListing,
  loadArticles,
  pick,
  rawGet,
} from "../support/public-catalogue.ts";
import { anchorHrefs, type HeadMeta, readHead, visibleText } from "../support/public-html.ts";

// CONTRACT.md section 4: the server's HTML, before any script, already holds the
// page's text and metadata. A crawler or a link preview sees only this.

const NOT_FOUND_TEXTS = [
  "404",
  "Oops! The page you're looking for doesn't exist.",
  "It may have been moved or deleted.",
];

/** SPEC.md "Page metadata": title (ending with the store's name), description, fixed keywords and Open Graph, each once. */
function expectCompleteHead(head: HeadMeta, url?: string) {
  expect(head.title).toMatch(/\S \| Skillshelf$/);
  expect(head.meta.description?.trim()).toBeTruthy();
  expect(head.meta.keywords?.trim()).toBeTruthy();
  expect(head.meta["og:title"]).toBe(head.title);
  expect(head.meta["og:description"]).toBe(head.meta.description);
  for (const key of ["title", "description", "keywords", "og:title", "og:description"]) {
    expect(head.counts[key], `${key} appears once`).toBe(1);
  }
  if (url) expect(head.meta["og:url"]).toBe(url);
}

/** The page as a crawler on a forged Host would fetch it. */
async function render(path: string) {
  const response = await rawGet(path, { Host: "evil.example" });
  return { ...response, head: readHead(response.body), text: visibleText(response.body) };
}

describe("server-rendered public pages", () => {
  let categories: CategoriesResponse;
  let articles: ArticleRef[];
  let keywords: string | undefined;

  beforeAll(async () => {
    [categories, articles] = await Promise.all([getCategories(), loadArticles()]);
    keywords = readHead((await rawGet("/")).body).meta.keywords;
  });

  it("renders the home page with its text and metadata, og:url from PUBLIC_URL whatever the Host", async () => {
    const page = await render("/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expectCompleteHead(page.head, `${baseUrl}/`);
    expect(page.head.meta.keywords).toBe(keywords);
    if (categories.seo_data.meta_title) expect(page.head.title).toBe(categories.seo_data.meta_title);
    if (categories.seo_data.meta_description)
      expect(page.head.meta.description).toBe(categories.seo_data.meta_description);

    for (const text of ["Explore Courses", "Explore Categories", "Browse eLearning Artifacts"]) {
      expect(page.text).toContain(text);
    }
    for (const artefact of categories.data.filter((c) => c.parent_id > 0)) expect(page.text).toContain(artefact.name);
    expect(page.body).not.toContain("evil.example");
  });

  it("renders a parent listing with its artefacts and its SEO data", async () => {
    const parent = pick(categories.data, "parent category", (c) => c.slug === "tech-cards");
    const listing = await getListing(parent.slug);
    const page = await render(`/${parent.slug}`);
    expect(page.status).toBe(200);
    expectCompleteHead(page.head, `${baseUrl}/${parent.slug}`);
    expect(page.head.meta.keywords).toBe(keywords);
    expectListingSeo(page.head, listing);

    expect(page.text).toContain(parent.name);
    expect(page.text).toContain(parent.single_line);
    const hrefs = anchorHrefs(page.body);
    for (const child of listing.children) {
      expect(page.text).toContain(child.name);
      expect(hrefs).toContain(`/${child.slug}`);
    }
    expect(page.body).not.toContain("evil.example");
  });

  it("renders an artefact listing with its groups, articles, price and SEO data", async () => {
    const { listing, artefact } = pick(
      articles,
      "priced artefact with a priced group",
      (a) => a.listing.seo_data.price !== null && a.listing.groups.some((g) => g.price !== null),
    );
    const page = await render(`/${artefact.slug}`);
    expect(page.status).toBe(200);
    expectCompleteHead(page.head, `${baseUrl}/${artefact.slug}`);
    expect(page.head.meta.keywords).toBe(keywords);
    expectListingSeo(page.head, listing);

    expect(page.text).toContain(listing.seo_data.name);
    expect(page.text).toContain(listing.seo_data.single_line);
    expect(page.text).toContain(`Add To Cart ${formatAmount(listing.seo_data.price ?? 0, listing.seo_data.currency)}`);
    const hrefs = anchorHrefs(page.body);
    for (const group of listing.groups) expect(page.text).toContain(group.name);
    for (const content of [...listing.groups.flatMap((g) => g.contents), ...listing.data]) {
      expect(page.text).toContain(content.title);
      expect(hrefs).toContain(`/${artefact.slug}/${content.slug}`);
    }
    expect(page.text).toContain("See Details");
  });

  it("uses an article's meta_title and meta_description, with share links on PUBLIC_URL", async () => {
    const article = pick(
      articles,
      "article with SEO data and related content",
      (a) => !!a.detail.data.meta_title && !!a.detail.data.meta_description && a.detail.related.length > 0,
    );
    const path = articlePath(article);
    const page = await render(path);
    expect(page.status).toBe(200);
    expectCompleteHead(page.head, `${baseUrl}${path}`);
    expect(page.head.meta.keywords).toBe(keywords);
    expect(page.head.title).toBe(pageTitle(article.detail.data.meta_title ?? ""));
    expect(page.head.meta.description).toBe(article.detail.data.meta_description);

    const { data, related } = article.detail;
    for (const text of [data.title, data.short_description, "Related Content", ...related.map((r) => r.title)]) {
      expect(page.text).toContain(text);
    }
    // The first heading of the article body, as text.
    const firstHeading = /<h[2-6][^>]*>([^<]+)<\/h[2-6]>/.exec(data.description)?.[1];
    if (firstHeading) expect(page.text).toContain(firstHeading.trim());

    expect(page.body).toContain(encodeURIComponent(`${baseUrl}${path}`));
    expect(page.body).not.toContain("evil.example");
  });

  it("falls back to 'Explore Learning Resources' and one generic description for an article without SEO data", async () => {
    const bare = articles.filter((a) => !a.detail.data.meta_title && !a.detail.data.meta_description);
    expect(bare.length, "the demo has articles without SEO data").toBeGreaterThan(1);
    const heads = await Promise.all(bare.slice(0, 2).map(async (a) => ({ a, page: await render(articlePath(a)) })));
    for (const { a, page } of heads) {
      expect(page.status).toBe(200);
      expectCompleteHead(page.head, `${baseUrl}${articlePath(a)}`);
      expect(page.head.title).toBe("Explore Learning Resources | Skillshelf");
      // Generic: the same for every such article, not the article's own words.
      expect(page.head.meta.description).toBe(heads[0]?.page.head.meta.description);
      expect(page.head.meta.description).not.toBe(a.detail.data.short_description);
      expect(page.text).toContain(a.detail.data.title);
    }
  });

  // The fallbacks of a listing without them (SPEC.md's hero line, 'Listing of categories') are
  // apps/server/test/page-titles.test.ts's: the demo catalogue has no such gaps.
  it("gives every demo listing its own title and hero line, never the fallbacks", async () => {
    // The demo's own, not the categories the e2e seed and the admin tests add to it.
    const demo = JSON.parse(
      readFileSync(new URL("../../apps/server/demo/catalogue.json", import.meta.url), "utf8"),
    ) as CatalogueFileInput;
    const slugs = demo.categories.flatMap((p) => [p.slug, ...(p.artefacts ?? []).map((a) => a.slug)]);
    expect(slugs.length).toBeGreaterThan(20);
    const listings = await Promise.all(slugs.map((slug) => getListing(slug)));
    for (const { seo_data: seo } of listings) {
      expect(seo.meta_title, seo.slug).toBeTruthy();
      expect(seo.single_line.trim(), seo.slug).toBeTruthy();
      const page = await render(`/${seo.slug}`);
      expectCompleteHead(page.head, `${baseUrl}/${seo.slug}`);
      expect(page.head.title, seo.slug).toBe(pageTitle(seo.meta_title ?? ""));
      expect(page.text, seo.slug).toContain(seo.single_line);
      expect(page.text, seo.slug).not.toContain(LISTING_DEFAULTS.singleLine);
    }
  });

  it.each([
    ["an unknown path", "/no/such/path/at/all"],
    ["an unknown category slug", "/no-such-category"],
    ["an unknown article of a real category", "/tech-cards/no-such-article"],
    ["an unknown category and article", "/no-such-category/no-such-article"],
  ])("answers %s with the 404 page and status 404", async (_, path) => {
    const page = await render(path);
    expect(page.status).toBe(404);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    for (const text of NOT_FOUND_TEXTS) expect(page.text).toContain(text);
    expect(page.body).toMatch(/<a\b[^>]*href="\/"[^>]*>\s*← Back to Homepage\s*<\/a>/);
    expect(page.head.title).toBe("Page not found | Skillshelf");
    expect(page.head.meta.description?.trim()).toBeTruthy();
  });

  it("answers 404 for an unknown article of a real artefact", async () => {
    const artefact = pick(categories.data, "artefact", (c) => c.parent_id > 0);
    const page = await render(`/${artefact.slug}/no-such-article`);
    expect(page.status).toBe(404);
    for (const text of NOT_FOUND_TEXTS) expect(page.text).toContain(text);
  });
});

function expectListingSeo(head: HeadMeta, listing: ListingResponse) {
  const seo = listing.seo_data;
  expect(head.title).toBe(pageTitle(seo.meta_title || "Listing of categories"));
  if (seo.meta_description) expect(head.meta.description).toBe(seo.meta_description);
}
