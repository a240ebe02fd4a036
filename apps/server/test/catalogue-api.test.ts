import {
  type CategoriesResponse,
  type ContentResponse,
  HOME_TILES_PER_PAGE,
  type HomeTiles,
  type ListingResponse,
  type MoreCategoriesResponse,
} from "@skillshelf/shared/api.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaleCatalogue } from "../bench/generate-catalogue.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(smallCatalogue());
});
afterAll(() => store.close());

const post = (url: string, payload: Record<string, unknown>) => store.app.inject({ method: "POST", url, payload });

describe("GET /api/categories", () => {
  it("lists parents then their artefacts, with header ones and the More.. entry", async () => {
    const res = await store.app.inject("/api/categories");
    expect(res.statusCode).toBe(200);
    const body = res.json<CategoriesResponse>();
    expect(body.status).toBe(true);
    expect(body.data.map((c) => c.slug)).toEqual(["tech-cards", "docker", "git", "labs", "kubernetes"]);
    const techCards = body.data.find((c) => c.slug === "tech-cards");
    expect(techCards).toMatchObject({ parent_id: 0, is_header_menu: 1, name: "Tech Cards" });
    expect(techCards?.content.map((c) => c.slug)).toEqual(["docker", "git"]);
    const docker = body.data.find((c) => c.slug === "docker");
    expect(docker?.parent_id).toBe(techCards?.id);
    expect(docker?.content.map((c) => c.slug)).toEqual(["images", "compose", "volumes"]);
    expect(body.header_category.map((c) => c.slug)).toEqual(["tech-cards", "more"]);
    const more = body.header_category.at(-1);
    expect(more).toMatchObject({ id: -1, slug: "more", name: "More.." });
    expect(more?.content.map((c) => c.slug)).toEqual(["docker", "git", "labs", "kubernetes"]);
  });

  it("never shows a hidden category or its artefacts", async () => {
    const body = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    expect(JSON.stringify(body)).not.toContain("secret");
    expect((await post("/api/get-data", { slug: "hidden-artefact" })).statusCode).toBe(404);
  });

  it("answers 304 to a client that has the current version", async () => {
    const first = await store.app.inject("/api/categories");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await store.app.inject({ url: "/api/categories", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe("GET /api/categories/more", () => {
  it("gives the More.. list alone: the non-header categories' ids, slugs and names", async () => {
    const res = await store.app.inject("/api/categories/more");
    expect(res.statusCode).toBe(200);
    const body = res.json<MoreCategoriesResponse>();
    const all = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    expect(body.status).toBe(true);
    expect(body.data).toEqual(all.header_category.at(-1)?.content);
    expect(body.data.map((c) => Object.keys(c).sort())).toEqual(body.data.map(() => ["id", "name", "slug"]));
    // No article titles: the list stays small whatever the catalogue holds.
    expect(res.body).not.toContain("Images and layers");
  });

  it("answers 304 for the current version, and the new list after a catalogue change", async () => {
    const first = await store.app.inject("/api/categories/more");
    const etag = first.headers.etag as string;
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await store.app.inject({ url: "/api/categories/more", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);

    const file = smallCatalogue();
    const labs = file.categories[1];
    if (!labs) throw new Error("no second parent");
    labs.name = "Hands-on Labs";
    await store.importCatalogue(file);
    const changed = await store.app.inject({ url: "/api/categories/more", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<MoreCategoriesResponse>().data.map((c) => c.name)).toContain("Hands-on Labs");
    await store.importCatalogue(smallCatalogue());
  });
});

describe("GET /api/categories/home", () => {
  it("gives each parent's artefacts as the home tiles show them: no article titles, their count and price", async () => {
    const res = await store.app.inject("/api/categories/home");
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const { data } = res.json<{ data: HomeTiles }>();
    expect(data).toMatchObject({ letter: null, page: 1, pages: 1, total: 3 });
    expect(data.parents.map((p) => p.slug)).toEqual(["tech-cards", "labs"]);
    expect(data.parents[0]?.artefacts).toEqual([
      {
        id: expect.any(Number),
        slug: "docker",
        name: "Docker",
        icon: "lucide:package",
        single_line: expect.any(String),
        count: 3,
        offer: { price: 19.99, from: false },
      },
      {
        id: expect.any(Number),
        slug: "git",
        name: "Git",
        icon: "lucide:package",
        single_line: expect.any(String),
        count: 1,
        offer: { price: null, from: false },
      },
    ]);
    expect(data.currency).toBe("GBP");
    // Each icon shown, drawn once: the parents' and the artefacts' (the tiles use them from one sprite).
    expect(Object.keys(data.icons).sort()).toEqual(["lucide:library", "lucide:package"]);
    expect(data.icons["lucide:package"]).toMatchObject({
      viewBox: "0 0 24 24",
      body: expect.stringContaining("<path"),
    });
    expect(res.body).not.toContain("Images and layers");
  });
});

describe("GET /api/categories/home?letter=&page=", () => {
  const home = async (query: string) => {
    const res = await store.app.inject(`/api/categories/home${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json<{ data: HomeTiles }>().data;
  };
  const slugs = (tiles: HomeTiles) => tiles.parents.flatMap((p) => p.artefacts.map((a) => a.slug));

  it("gives the artefacts starting with a letter, in any case, each under its parent", async () => {
    const tiles = await home("?letter=d");
    expect(tiles).toMatchObject({ letter: "D", page: 1, pages: 1, total: 1 });
    expect(tiles.parents.map((p) => p.slug)).toEqual(["tech-cards"]);
    expect(slugs(tiles)).toEqual(["docker"]);
    // An empty letter is no filter: what the active letter's button sends without JavaScript.
    expect(await home("?letter=")).toMatchObject({ letter: null, total: 3 });
  });

  it("answers a letter no artefact starts with as nothing, on its one page", async () => {
    expect(await home("?letter=Z")).toMatchObject({ letter: "Z", page: 1, pages: 1, total: 0, parents: [] });
  });

  it("pages a large catalogue, a page past the last being the last", async () => {
    // 20 times the small catalogue: 60 artefacts, two pages.
    await store.importCatalogue(scaleCatalogue(smallCatalogue(), 20).file);
    try {
      const first = await home("");
      expect(first).toMatchObject({ page: 1, pages: 2, total: 60 });
      expect(slugs(first)).toHaveLength(HOME_TILES_PER_PAGE);
      const second = await home("?page=2");
      expect(slugs(second)).toHaveLength(60 - HOME_TILES_PER_PAGE);
      expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(60);
      // A parent cut by the page break heads the next page's first tiles too.
      expect(second.parents[0]?.artefacts.length).toBeGreaterThan(0);
      expect(await home("?page=9")).toMatchObject({ page: 2, pages: 2 });
      const docker = await home("?letter=D&page=1");
      expect(docker).toMatchObject({ letter: "D", pages: 1, total: 20 });
      expect(new Set(docker.parents.flatMap((p) => p.artefacts.map((a) => a.name)))).toEqual(new Set(["Docker"]));
    } finally {
      await store.importCatalogue(smallCatalogue());
    }
  });

  it.each([
    ["?letter=AB", "letter must be one letter from A to Z"],
    ["?letter=%C3%89", "letter must be one letter from A to Z"],
    ["?page=0", "page must be a whole number of at least 1"],
    ["?page=two", "page must be a whole number of at least 1"],
  ])("refuses %s with 422 and what is wrong", async (query, message) => {
    const res = await store.app.inject(`/api/categories/home${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, message });
  });
});

describe("POST /api/get-data", () => {
  it("gives an artefact's groups, ungrouped contents and SEO data with prices in the store currency", async () => {
    const res = await post("/api/get-data", { slug: "docker" });
    expect(res.statusCode).toBe(200);
    const body = res.json<ListingResponse>();
    expect(body.kind).toBe("artefact");
    expect(body.seo_data).toMatchObject({
      name: "Docker",
      price: 19.99,
      currency: "GBP",
      payment_note: "Lifetime access.",
    });
    expect(body.groups.map((g) => [g.name, g.price, g.payment_note])).toEqual([
      ["Basics", 5, "Just the basics."],
      ["Extras", null, null],
    ]);
    expect(body.groups[0]?.contents.map((c) => c.slug)).toEqual(["images"]);
    expect(body.data.map((c) => c.slug)).toEqual(["volumes"]);
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(["id", "short_description", "slug", "title"]);
  });

  it("gives a parent's artefacts", async () => {
    const body = (await post("/api/get-data", { slug: "tech-cards" })).json<ListingResponse>();
    expect(body.kind).toBe("parent");
    expect(body.children.map((c) => c.slug)).toEqual(["docker", "git"]);
    expect(body.seo_data).toMatchObject({ meta_title: "Tech Cards | Skillshelf", price: null });
  });

  it("answers 404 in the envelope for an unknown slug and 422 for a missing one", async () => {
    const missing = await post("/api/get-data", { slug: "no-such-thing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: "Category not found" });
    const invalid = await post("/api/get-data", {});
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ status: false, errors: { slug: expect.any(String) } });
  });
});

describe("POST /api/get-content", () => {
  it("gives a free article with signed media paths that serve the file", async () => {
    const res = await post("/api/get-content", { slug: "git", content: "branches" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.json<ContentResponse>();
    expect(body.is_payment_paid).toBe(true);
    const [media] = body.data.content_media;
    expect(media).toMatchObject({ mimetype: "image/png", name: "branches.png" });
    expect(media?.path).toMatch(/^\/media\/\d+\?expires=\d+&signature=/);
    const file = await store.app.inject(media?.path ?? "");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["cache-control"]).toBe("private, no-store");
    expect(file.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  it("sanitizes the article body", async () => {
    const body = (await post("/api/get-content", { slug: "git", content: "branches" })).json<ContentResponse>();
    const html = body.data.description;
    expect(html).toContain("<h2>Branches</h2>");
    expect(html).toContain("<p>Safe</p>");
    expect(html).not.toMatch(/script|onclick|javascript:/);
    // A link left without an address is its text: an <a> without href may not carry rel and target.
    expect(html).toContain("<p>Safe</p>x");
  });

  it("keeps priced media locked for a visitor: no path, and the media URL answers 403", async () => {
    const body = (await post("/api/get-content", { slug: "docker", content: "images" })).json<ContentResponse>();
    expect(body.is_payment_paid).toBe(false);
    expect(body.data.content_media.map((m) => [m.mimetype, m.path])).toEqual([
      ["image/png", null],
      ["application/pdf", null],
    ]);
    const id = body.data.content_media[0]?.id;
    expect((await store.app.inject(`/media/${id}`)).statusCode).toBe(403);
    // A URL signed for the free article does not open another file.
    const free = (await post("/api/get-content", { slug: "git", content: "branches" })).json<ContentResponse>();
    const forged = free.data.content_media[0]?.path?.replace(/\/media\/\d+/, `/media/${id}`) ?? "";
    expect((await store.app.inject(forged)).statusCode).toBe(403);
  });

  it("lists related content with the category each lives in", async () => {
    const body = (await post("/api/get-content", { slug: "docker", content: "images" })).json<ContentResponse>();
    expect(body.related).toEqual([
      { slug: "volumes", title: "Volumes", category_slug: "docker" },
      { slug: "branches", title: "Branches", category_slug: "git" },
    ]);
    expect(body.category).toMatchObject({ slug: "docker", name: "Docker" });
  });

  it("answers 404 for unknown content, and for content asked under another category", async () => {
    expect((await post("/api/get-content", { slug: "docker", content: "nope" })).statusCode).toBe(404);
    const wrongParent = await post("/api/get-content", { slug: "git", content: "images" });
    expect(wrongParent.statusCode).toBe(404);
    expect(wrongParent.json()).toEqual({ status: false, message: "Content not found" });
  });
});

describe("media URLs", () => {
  it("refuse an expired or tampered signature", async () => {
    const body = (await post("/api/get-content", { slug: "git", content: "branches" })).json<ContentResponse>();
    const path = body.data.content_media[0]?.path ?? "";
    const tampered = path.replace(/signature=./, (m) => `signature=${m.endsWith("A") ? "B" : "A"}`);
    expect((await store.app.inject(tampered)).statusCode).toBe(403);
    const expired = path.replace(/expires=\d+/, "expires=1000");
    expect((await store.app.inject(expired)).statusCode).toBe(403);
  });
});

describe("catalogue changes", () => {
  it("show at once in every answer", async () => {
    const before = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    const catalogue = smallCatalogue();
    const techCards = catalogue.categories[0] as { name: string };
    techCards.name = "Tech Cards Renamed";
    await store.importCatalogue(catalogue);
    const after = (await store.app.inject("/api/categories")).json<CategoriesResponse>();
    expect(after.data[0]?.name).toBe("Tech Cards Renamed");
    expect(after.data[0]?.id).toBe(before.data[0]?.id);
  });
});

describe("unknown API paths and health", () => {
  it("answer in the envelope", async () => {
    const res = await store.app.inject("/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: "Not found" });
    const health = await store.app.inject("/api/health");
    expect(health.json()).toMatchObject({ status: true, data: { database: expect.stringMatching(/pglite|postgres/) } });
  });

  it("serves the OpenAPI document", async () => {
    const res = await store.app.inject("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/categories", "/api/get-data", "/api/get-content", "/api/health"]),
    );
  });
});
