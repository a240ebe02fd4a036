import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webBuildDir } from "../src/routes/pages.ts";
import { createTestStore, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { artefact, content, parent, smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;
const HOSTILE = "</script><script>alert(1)</script> & <!-- \u2028 -->";

beforeAll(async () => {
  if (!fs.existsSync(path.join(webBuildDir, "server/index.js"))) {
    execFileSync("npm", ["run", "build", "--silent"], { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  // Prices in the store's currency, whatever it is: EUR here, not the default GBP.
  store = await createTestStore({ pages: true, env: { STORE_CURRENCY: "EUR" } });
  const catalogue = smallCatalogue();
  catalogue.categories.push({
    ...parent({ slug: "odd", name: `Odd ${HOSTILE}` }),
    artefacts: [
      {
        ...artefact({ slug: "odd-one", name: `Odd one ${HOSTILE}`, price: 7 }),
        contents: [
          content({
            slug: "odd-article",
            title: `Odd article ${HOSTILE}`,
            short_description: `Short ${HOSTILE}`,
            meta_description: HOSTILE,
          }),
        ],
      },
    ],
  });
  await store.importCatalogue(catalogue);
}, 180_000);
afterAll(() => store?.close());

/** The server-rendered head as a browser reads it. */
async function head(url: string, headers: Record<string, string> = {}) {
  const res = await store.app.inject({ method: "GET", url, headers });
  const document = parseDocument(res.body);
  const all = (test: (attribs: Record<string, string>, name: string) => boolean) =>
    DomUtils.findAll((element) => test(element.attribs, element.name), document.children);
  const metas = (property: string) =>
    all((a, name) => name === "meta" && (a.property === property || a.name === property)).map((e) => e.attribs.content);
  return {
    status: res.statusCode,
    canonical: all((a, name) => name === "link" && a.rel === "canonical").map((e) => e.attribs.href),
    metas,
    jsonLd: all((a, name) => name === "script" && a.type === "application/ld+json").map((e) => {
      const text = DomUtils.textContent(e);
      // Nothing in a block can close it: catalogue text has its < and > as JSON escapes.
      expect(text).not.toMatch(/[<>]/);
      return JSON.parse(text) as Record<string, unknown>;
    }),
  };
}

type Ld = Record<string, unknown>;
const ofType = (blocks: Ld[], type: string) => blocks.filter((b) => b["@type"] === type);

const breadcrumb = (...steps: [string, string][]) => ({
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: steps.map(([name, p], i) => ({ "@type": "ListItem", position: i + 1, name, item: PUBLIC_URL + p })),
});
const offer = (name: string, price: string, listing: string) => ({
  "@type": "Offer",
  name,
  price,
  priceCurrency: "EUR",
  availability: "https://schema.org/InStock",
  url: PUBLIC_URL + listing,
});

describe("rel=canonical and og:image", () => {
  const pages = ["/", "/tech-cards", "/docker", "/git", "/docker/images", "/git/branches", "/more"];

  it("give every public page one canonical link from PUBLIC_URL, without the query or the Host it was asked with", async () => {
    for (const page of pages) {
      const { status, canonical, metas } = await head(`${page}?utm_source=mail&ref=x`, { host: "evil.example" });
      expect(status, page).toBe(200);
      expect(canonical, page).toEqual([PUBLIC_URL + page]);
      expect(metas("og:url"), page).toEqual([PUBLIC_URL + page]);
    }
  });

  it("give every public page a preview image that anyone can fetch, never a media file", async () => {
    for (const page of pages) {
      const { metas } = await head(page);
      expect(metas("og:image"), page).toEqual([`${PUBLIC_URL}/og-image.jpg`]);
      expect(metas("og:image:alt")[0], page).toMatch(/\S on Skillshelf$/);
      expect(metas("twitter:card"), page).toEqual(["summary_large_image"]);
    }
    expect((await head("/docker")).metas("og:image:alt")).toEqual(["Docker on Skillshelf"]);
    const image = await store.app.inject({ method: "GET", url: "/og-image.jpg" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(image.headers["cache-control"]).toMatch(/^public/);
  });

  it("leave the 404 page without a canonical link", async () => {
    const { status, canonical } = await head("/no-such-category");
    expect(status).toBe(404);
    expect(canonical).toEqual([]);
  });
});

describe("JSON-LD", () => {
  it("describes a priced artefact as a Product with an offer per price in the store's currency", async () => {
    const { jsonLd } = await head("/docker");
    expect(jsonLd).toHaveLength(2);
    const [product] = ofType(jsonLd, "Product");
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      name: "Docker",
      url: `${PUBLIC_URL}/docker`,
      image: `${PUBLIC_URL}/og-image.jpg`,
      category: "Tech Cards",
      brand: { "@type": "Brand", name: "Skillshelf" },
    });
    // The whole artefact at 19.99 and its priced group at 5; the free group offers nothing.
    expect(product?.offers).toEqual([offer("Docker", "19.99", "/docker"), offer("Docker: Basics", "5.00", "/docker")]);
    expect(ofType(jsonLd, "BreadcrumbList")).toEqual([
      breadcrumb(["Home", "/"], ["Tech Cards", "/tech-cards"], ["Docker", "/docker"]),
    ]);
  });

  it("gives a free artefact no offers, and a parent only its breadcrumb", async () => {
    const git = await head("/git");
    const [product] = ofType(git.jsonLd, "Product");
    expect(product).toMatchObject({ name: "Git", url: `${PUBLIC_URL}/git` });
    expect(product).not.toHaveProperty("offers");
    const parentPage = await head("/tech-cards");
    expect(parentPage.jsonLd).toEqual([breadcrumb(["Home", "/"], ["Tech Cards", "/tech-cards"])]);
  });

  it("describes an article with what unlocks it: its artefact and its priced group", async () => {
    const { jsonLd } = await head("/docker/images");
    const [article] = ofType(jsonLd, "Article");
    expect(article).toMatchObject({
      headline: "Images and layers",
      url: `${PUBLIC_URL}/docker/images`,
      image: `${PUBLIC_URL}/og-image.jpg`,
      isAccessibleForFree: false,
      isPartOf: { "@type": "Product", name: "Docker", url: `${PUBLIC_URL}/docker` },
    });
    expect(article?.offers).toEqual([offer("Docker", "19.99", "/docker"), offer("Docker: Basics", "5.00", "/docker")]);
    expect(ofType(jsonLd, "BreadcrumbList")).toEqual([
      breadcrumb(
        ["Home", "/"],
        ["Tech Cards", "/tech-cards"],
        ["Docker", "/docker"],
        ["Images and layers", "/docker/images"],
      ),
    ]);
    // In the free group of a priced artefact only the artefact unlocks it.
    const compose = ofType((await head("/docker/compose")).jsonLd, "Article")[0];
    expect(compose?.offers).toEqual([offer("Docker", "19.99", "/docker")]);
  });

  it("marks a free article free, with no offer", async () => {
    const [article] = ofType((await head("/git/branches")).jsonLd, "Article");
    expect(article).toMatchObject({ headline: "Branches", isAccessibleForFree: true });
    expect(article).not.toHaveProperty("offers");
  });

  it("carries catalogue text that looks like HTML as data: it cannot close the block or run", async () => {
    const res = await store.app.inject({ method: "GET", url: "/odd-one/odd-article" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    const { jsonLd } = await head("/odd-one/odd-article");
    const [article] = ofType(jsonLd, "Article");
    expect(article?.headline).toBe(`Odd article ${HOSTILE}`);
    expect(article?.description).toBe(`Short ${HOSTILE}`);
    expect(ofType(jsonLd, "BreadcrumbList")[0]).toEqual(
      breadcrumb(
        ["Home", "/"],
        [`Odd ${HOSTILE}`, "/odd"],
        [`Odd one ${HOSTILE}`, "/odd-one"],
        [`Odd article ${HOSTILE}`, "/odd-one/odd-article"],
      ),
    );
    const [product] = ofType((await head("/odd-one")).jsonLd, "Product");
    expect(product?.name).toBe(`Odd one ${HOSTILE}`);
    expect(product?.offers).toEqual([offer(`Odd one ${HOSTILE}`, "7.00", "/odd-one")]);
  });
});
