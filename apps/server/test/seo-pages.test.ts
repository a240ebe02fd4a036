import { LANGUAGE_CODES, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { artefact, content, parent, smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;
const HOSTILE = "</script><script>alert(1)</script> & <!-- \u2028 -->";

/** The test catalogue: the small one, and a parent whose texts look like markup. */
function seoCatalogue() {
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
  return catalogue;
}

beforeAll(async () => {
  ensureWebBuild();
  // Prices in the store's currency, whatever it is: EUR here, not the default GBP.
  store = await createTestStore({ pages: true, env: { STORE_CURRENCY: "EUR" } });
  await store.importCatalogue(seoCatalogue());
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

  it("give each language's page its own URL as canonical and og:url, its locale and the others' as alternates", async () => {
    const locales = { en: "en_GB", es: "es_ES", fr: "fr_FR" } as const;
    for (const page of pages) {
      for (const code of LANGUAGE_CODES) {
        const url = languagePath(code, page);
        const { status, canonical, metas } = await head(`${url}${url.includes("?") ? "&" : "?"}utm_source=mail`);
        expect(status, url).toBe(200);
        expect(canonical, url).toEqual([PUBLIC_URL + url]);
        expect(metas("og:url"), url).toEqual([PUBLIC_URL + url]);
        expect(metas("og:locale"), url).toEqual([locales[code]]);
        expect(metas("og:locale:alternate"), url).toEqual(
          LANGUAGE_CODES.filter((other) => other !== code).map((other) => locales[other]),
        );
      }
    }
  });

  it("give every public page a preview image that anyone can fetch, never a media file", async () => {
    const own: Record<string, string> = {
      "/tech-cards": "tech-cards",
      "/docker": "docker",
      "/git": "git",
      "/docker/images": "docker",
      "/git/branches": "git",
    };
    for (const page of pages) {
      const { metas } = await head(page);
      const slug = own[page];
      expect(metas("og:image"), page).toEqual([slug ? `${PUBLIC_URL}/og/${slug}.png` : `${PUBLIC_URL}/og-image.jpg`]);
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

  it("draw each category's own 1200x630 picture, revalidated by ETag and redrawn when the category changes", async () => {
    const card = await store.app.inject({ method: "GET", url: "/og/docker.png" });
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.headers["cache-control"]).toMatch(/^public/);
    const png = card.rawPayload;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const etag = String(card.headers.etag);
    const again = await store.app.inject({ method: "GET", url: "/og/docker.png", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);

    for (const url of ["/og/no-such-category.png", "/og/docker.jpg", "/og/secret.png", "/og/hidden-artefact.png"]) {
      expect((await store.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }

    const file = seoCatalogue();
    const docker = file.categories[0]?.artefacts?.[0];
    if (!docker) throw new Error("no docker");
    docker.price = 29.99;
    await store.importCatalogue(file);
    const changed = await store.app.inject({
      method: "GET",
      url: "/og/docker.png",
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await store.importCatalogue(seoCatalogue());
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
      image: `${PUBLIC_URL}/og/docker.png`,
      category: "Tech Cards",
      brand: { "@type": "Brand", name: "Skillshelf" },
    });
    // The whole artefact at 19.99 and its priced group at 5; the free group offers nothing.
    expect(product?.offers).toEqual([offer("Docker", "19.99", "/docker"), offer("Docker: Basics", "5.00", "/docker")]);
    expect(ofType(jsonLd, "BreadcrumbList")).toEqual([
      breadcrumb(["Home", "/"], ["Tech Cards", "/tech-cards"], ["Docker", "/docker"]),
    ]);
  });

  it("offers a free artefact at 0 in the store's currency, as Google's product snippets want, and gives a parent only its breadcrumb", async () => {
    const git = await head("/git");
    const [product] = ofType(git.jsonLd, "Product");
    expect(product).toMatchObject({ name: "Git", url: `${PUBLIC_URL}/git` });
    expect(product?.offers).toEqual([offer("Git", "0.00", "/git")]);
    const parentPage = await head("/tech-cards");
    expect(parentPage.jsonLd).toEqual([breadcrumb(["Home", "/"], ["Tech Cards", "/tech-cards"])]);
  });

  it("describes a paid artefact's article as free to read, part of its artefact's Product: only its media are sold", async () => {
    const page = await store.app.inject({ method: "GET", url: "/docker/images" });
    const { jsonLd } = await head("/docker/images");
    const [article] = ofType(jsonLd, "Article");
    expect(article).toEqual({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Images and layers",
      description: expect.any(String),
      url: `${PUBLIC_URL}/docker/images`,
      image: `${PUBLIC_URL}/og/docker.png`,
      isAccessibleForFree: true,
      isPartOf: { "@type": "Product", name: "Docker", url: `${PUBLIC_URL}/docker` },
      publisher: { "@type": "Organization", name: "Skillshelf" },
    });
    // A visitor's page carries the whole text, and the images and PDFs only as locked tiles: nothing is paywalled.
    expect(page.body).toContain("locked-note");
    expect(page.body).not.toContain("/media/");
    expect(ofType(jsonLd, "BreadcrumbList")).toEqual([
      breadcrumb(
        ["Home", "/"],
        ["Tech Cards", "/tech-cards"],
        ["Docker", "/docker"],
        ["Images and layers", "/docker/images"],
      ),
    ]);
  });

  it("names the pages of the trail and offers at the URLs of the page's language", async () => {
    const { jsonLd } = await head("/es/docker/images");
    const [article] = ofType(jsonLd, "Article");
    expect(article).toMatchObject({
      url: `${PUBLIC_URL}/es/docker/images`,
      isPartOf: { "@type": "Product", name: "Docker", url: `${PUBLIC_URL}/es/docker` },
    });
    expect(ofType(jsonLd, "BreadcrumbList")).toEqual([
      breadcrumb(
        ["Inicio", "/es"],
        ["Tech Cards", "/es/tech-cards"],
        ["Docker", "/es/docker"],
        ["Images and layers", "/es/docker/images"],
      ),
    ]);
    const [product] = ofType((await head("/fr/docker")).jsonLd, "Product");
    expect(product?.url).toBe(`${PUBLIC_URL}/fr/docker`);
    expect(product?.offers).toEqual([
      offer("Docker", "19.99", "/fr/docker"),
      offer("Docker: Basics", "5.00", "/fr/docker"),
    ]);
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

describe("the favicon", () => {
  it("is linked from every page as an SVG, with an ICO of it for the browsers that want one", async () => {
    const res = await store.app.inject({ method: "GET", url: "/docker" });
    const icons = DomUtils.findAll(
      (element) => element.name === "link" && element.attribs.rel === "icon",
      parseDocument(res.body).children,
    ).map((element) => element.attribs);
    expect(icons).toEqual([
      { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    ]);
  });

  it("is served as an SVG and as a genuine ICO of PNGs at 16, 32 and 48 px, kept an hour and revalidated", async () => {
    const svg = await store.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const ico = await store.app.inject({ method: "GET", url: "/favicon.ico" });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toBe("image/vnd.microsoft.icon");
    const bytes = ico.rawPayload;
    // The ICO header: reserved, type 1 (an icon), the number of images; then a 16-byte entry per image.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const images = [0, 1, 2].map((i) => {
      const entry = 6 + 16 * i;
      const [length, offset] = [bytes.readUInt32LE(entry + 8), bytes.readUInt32LE(entry + 12)];
      const png = bytes.subarray(offset, offset + length);
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      // The entry's size is the PNG's: its IHDR width and height.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([bytes[entry], bytes[entry + 1]]);
      return bytes[entry];
    });
    expect(images).toEqual([16, 32, 48]);

    for (const [url, res] of [
      ["/favicon.svg", svg],
      ["/favicon.ico", ico],
    ] as const) {
      expect(res.headers["cache-control"], url).toBe("public, max-age=3600");
      const again = await store.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": String(res.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });
});
