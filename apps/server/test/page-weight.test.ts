import { HOME_TILES_PER_PAGE } from "@skillshelf/shared/api.ts";
import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaleCatalogue } from "../bench/generate-catalogue.ts";
import { iconSvg } from "../src/catalogue/icon-sets.ts";
import { categories } from "../src/db/schema/index.ts";
import { buildDemoCatalogue } from "../src/seed/demo-catalogue.ts";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { insertOrders } from "./helpers/history.ts";
import { pageHtml } from "./helpers/pages.ts";

interface Sizes {
  home: string;
  parent: string;
  listing: string;
  article: string;
  artefacts: number;
}

/** What the test looks for in the demo: its first parent, artefact and article, and its article titles. */
function landmarks(demo: CatalogueFileInput) {
  const firstParent = demo.categories.find((p) => (p.artefacts ?? []).length > 0);
  if (!firstParent) throw new Error("the demo catalogue has no parent with artefacts");
  const firstArtefact = demo.categories.flatMap((p) => p.artefacts ?? []).find((a) => (a.contents ?? []).length > 0);
  if (!firstArtefact) throw new Error("the demo catalogue has no artefact with ungrouped content");
  const firstArticle = firstArtefact.contents?.[0];
  if (!firstArticle) throw new Error("no article");
  // Titles that are not also part of a category's name or line, which home does show
  // (the Vim artefact's line begins with its article title "Motions").
  const categoryTexts = demo.categories
    .flatMap((p) => [p, ...(p.artefacts ?? [])])
    .map((c) => `${c.name} ${c.single_line ?? ""}`)
    .join("\n");
  const articleTitles = demo.categories
    .flatMap((p) => p.artefacts ?? [])
    .flatMap((a) => [...(a.contents ?? []), ...(a.groups ?? []).flatMap((g) => g.contents ?? [])])
    .map((c) => c.title)
    .filter((title) => !categoryTexts.includes(title));
  return { firstParent, firstArtefact, firstArticle, articleTitles };
}

describe("page weight does not grow with the catalogue", () => {
  let store: TestStore;
  let demo: CatalogueFileInput;

  beforeAll(() => ensureWebBuild(), 180_000);
  beforeAll(async () => {
    store = await createTestStore({ pages: true });
    demo = await buildDemoCatalogue();
  }, 60_000);
  afterAll(() => store?.close());

  const page = async (url: string) => {
    const response = await store.app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const measure = async (file: CatalogueFileInput): Promise<Sizes> => {
    const { firstParent, firstArtefact, firstArticle } = landmarks(demo);
    await store.importCatalogue(file);
    return {
      home: await page("/"),
      parent: await page(`/${firstParent.slug}`),
      listing: await page(`/${firstArtefact.slug}`),
      article: await page(`/${firstArtefact.slug}/${firstArticle.slug}`),
      artefacts: file.categories.reduce((sum, p) => sum + (p.artefacts ?? []).length, 0),
    };
  };

  it("keeps listing and article within 1.2x, home within 1.5x by showing a page of artefacts, and no article titles", async () => {
    const { articleTitles } = landmarks(demo);
    const small = await measure(demo);
    // The demo and 99 copies of it off the header menu (fresh slugs, no media, one-line articles):
    // 100 times the categories and articles, as the bench measures.
    const big = await measure(scaleCatalogue(demo, 100, { shortArticles: true }).file);
    const bytes = (html: string) => Buffer.byteLength(html);
    console.info(
      `demo: home ${bytes(small.home)} B (${small.artefacts} artefacts), parent ${bytes(small.parent)} B, listing ${bytes(small.listing)} B, article ${bytes(small.article)} B; ` +
        `100x: home ${bytes(big.home)} B (${big.artefacts} artefacts), parent ${bytes(big.parent)} B, listing ${bytes(big.listing)} B, article ${bytes(big.article)} B`,
    );

    expect(bytes(big.listing)).toBeLessThanOrEqual(1.2 * bytes(small.listing));
    expect(bytes(big.parent)).toBeLessThanOrEqual(1.2 * bytes(small.parent));
    expect(bytes(big.article)).toBeLessThanOrEqual(1.2 * bytes(small.article));
    // Issue 37: home lists a page of HOME_TILES_PER_PAGE artefacts (the demo's fit on one), so it is flat.
    expect(bytes(big.home)).toBeLessThanOrEqual(1.5 * bytes(small.home));
    expect(tileCount(small.home)).toBe(small.artefacts);
    expect(tileCount(big.home)).toBe(HOME_TILES_PER_PAGE);
    expect(articleTitles.length).toBeGreaterThan(50);
    // Nor does a parent's listing, whose cards show an article count.
    for (const html of [small.home, big.home, small.parent, big.parent]) {
      const named = articleTitles.filter((title) => html.includes(title) || html.includes(escapeHtml(title)));
      expect(named).toEqual([]);
    }
  }, 300_000);

  it("pages home's artefacts by letter with links that work without JavaScript, and refuses a bad letter", async () => {
    // Three times the demo: 72 artefacts, two pages of all, and more Dockers than the demo has.
    await store.importCatalogue(scaleCatalogue(demo, 3, { shortArticles: true }).file);
    const first = await page("/");
    expect(tileCount(first)).toBe(HOME_TILES_PER_PAGE);
    expect(first.includes('rel="next" href="/?page=2#categories"'), "a Next link").toBe(true);
    expect(canonical(first)).toBe("http://store.test:3000/");
    const second = await page("/?page=2");
    expect(tileCount(second)).toBe(72 - HOME_TILES_PER_PAGE);
    expect(second.includes('rel="prev" href="/#categories"'), "a Previous link").toBe(true);
    expect(canonical(second)).toBe("http://store.test:3000/?page=2");
    expect(second.includes('hrefLang="es" href="http://store.test:3000/es?page=2"'), "the Spanish page").toBe(true);
    const docker = await page("/?letter=d");
    expect(docker.match(/class="artefact-tile__name">Docker/g)).toHaveLength(3);
    expect(docker.includes("3 artefacts starting with D"), "the count said").toBe(true);
    // The pressed letter's button asks for every artefact again.
    expect(docker.match(/<button[^>]*aria-pressed="true"[^>]*>/g)?.map((b) => b.match(/value="([^"]*)"/)?.[1])).toEqual(
      [""],
    );
    const refused = await store.app.inject({ method: "GET", url: "/?letter=%C3%A9" });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.includes("letter must be one letter from A to Z"), "the reason").toBe(true);
  }, 120_000);
});

const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];

const tileCount = (html: string) => html.match(/class="artefact-tile"/g)?.length ?? 0;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("a learner's list pages draw each icon once", () => {
  let store: TestStore;
  beforeAll(() => ensureWebBuild(), 180_000);
  beforeAll(async () => {
    store = await createTestStore({ pages: true });
    await store.importCatalogue(smallCatalogue());
  }, 60_000);
  afterAll(() => store?.close());

  it("writes a page of 20 orders of one artefact with its drawing once, used by each order", async () => {
    const [artefact] = await store.database.db
      .select({ id: categories.id, icon: categories.icon })
      .from(categories)
      .where(gt(categories.parentId, 0))
      .limit(1);
    if (!artefact) throw new Error("no artefact");
    const learner = await createUser(store);
    await insertOrders(store.database.db, {
      users: { firstId: learner.id, lastId: learner.id },
      perUser: 25,
      tag: "icons",
      start: new Date("2026-01-01T00:00:00Z"),
      categoryId: artefact.id,
    });
    const token = await signIn(store, learner.id);
    const html = await pageHtml(store, "/my-orders", token);
    const drawing = iconSvg(artefact.icon).body;
    // The page's HTML has the drawing once (the hydration data a second time, escaped as JSON).
    expect(html.split(drawing).length - 1).toBe(1);
    expect(html.match(/<article class="card order-card"/g) ?? []).toHaveLength(20);
    expect(html.match(/<use href="#ci0"/g) ?? []).toHaveLength(20);
  });
});
