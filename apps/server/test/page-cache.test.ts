import zlib from "node:zlib";
import type { AdminCatalogueTree } from "@skillshelf/shared/admin-forms.ts";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SHARED_PAGE_CACHE_CONTROL } from "../src/routes/pages.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { expectScriptsAllowed } from "./helpers/csp.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { payForCart } from "./helpers/orders.ts";

let store: TestStore;
let adminToken: string;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
}, 180_000);
afterAll(() => store?.close());

const visit = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = store.app) =>
  app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...headers } });
const asLearner = (token: string) => ({ cookie: `access-token=${token}` });

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const noncesIn = (html: string) => [...new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]))];
const signedMediaUrls = (html: string) =>
  [...html.matchAll(/\/media\/\d+\?expires=\d+&(?:amp;)?signature=[\w-]+/g)].map((m) => m[0]);

type Method = "POST" | "PATCH" | "DELETE";
const admin = (method: Method, url: string, payload?: Record<string, unknown>) =>
  store.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
const tree = async () =>
  (await store.app.inject({ method: "GET", url: "/api/admin/catalogue", headers: bearer(adminToken) })).json<{
    data: AdminCatalogueTree;
  }>().data;
const artefactOf = async (slug: string) => {
  const found = (await tree()).categories.flatMap((p) => p.artefacts).find((a) => a.slug === slug);
  if (!found) throw new Error(`no artefact ${slug}`);
  return found;
};

describe("pages for visitors without a session", () => {
  it("are kept as the same bytes for everyone, scripts allowed by hash, and revalidated by ETag", async () => {
    const first = await visit("/docker");
    const second = await visit("/docker");
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(String(res.headers.vary).toLowerCase()).toContain("cookie");
      expect(res.headers["set-cookie"]).toBeUndefined();
      // No nonce in a page every visitor shares: each inline script is allowed by its hash.
      expect(noncesIn(res.body)).toEqual([]);
      expectScriptsAllowed(res.body, res.headers["content-security-policy"] as string);
    }
    expect(first.headers.etag).toBe(second.headers.etag);
    expect(first.body).toBe(second.body);
    expect(first.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);

    const revalidated = await visit("/docker", { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect((await visit("/docker", { "if-none-match": 'W/"something-else"' })).statusCode).toBe(200);

    const head = await store.app.inject({ method: "HEAD", url: "/docker" });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.body).toBe("");
  });

  it("are compressed once, in the encoding the browser prefers, with Vary naming it and the cookie", async () => {
    const identity = await visit("/docker");
    for (const [accept, encoding, decode] of [
      ["br, gzip", "br", zlib.brotliDecompressSync],
      ["gzip, deflate", "gzip", zlib.gunzipSync],
      ["br;q=0.5, gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const answers = [
        await visit("/docker", { "accept-encoding": accept }),
        await visit("/docker", { "accept-encoding": accept }),
      ];
      for (const res of answers) {
        expect(res.headers["content-encoding"], accept).toBe(encoding);
        expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toEqual(
          expect.arrayContaining(["cookie", "accept-encoding"]),
        );
        expect(decode(res.rawPayload).toString(), accept).toBe(identity.body);
      }
      // The same compressed bytes each time: made once for the page.
      expect(answers[0]?.rawPayload.equals(answers[1]?.rawPayload ?? Buffer.alloc(0)), accept).toBe(true);
    }
  });

  it("never give a signed-in visitor the kept page, nor keep theirs for anyone else", async () => {
    const learner = await createUser(store, { name: "Ada Lovelace" });
    const token = await signIn(store, learner.id);
    const docker = await artefactOf("docker");
    await store.app.inject({
      method: "POST",
      url: "/api/cart/add",
      headers: bearer(token),
      payload: { sub_category_id: docker.id },
    });
    const anonymous = await visit("/docker");
    expect(anonymous.body).toContain(">Login<");

    // Even when the browser revalidates the copy it kept while signed out.
    const mine = await visit("/docker", { ...asLearner(token), "if-none-match": String(anonymous.headers.etag) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-cache");
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body).toContain("Ada Lovelace");
    expect(mine.body).toContain('aria-label="Cart, 1 items"');
    expect(mine.body).not.toContain(">Login<");
    expect(noncesIn(mine.body)).toEqual([nonceOf(mine.headers["content-security-policy"] as string)]);

    // A learner who owns the article gets media URLs signed for them; a visitor never sees those.
    await (await payForCart(store, learner.id)).confirm();
    const article = await visit("/docker/images", asLearner(token));
    const learnersUrls = signedMediaUrls(article.body);
    expect(learnersUrls.length).toBeGreaterThan(0);
    for (const url of ["/docker", "/docker/images", "/"]) {
      const page = await visit(url);
      expect(page.body, url).not.toContain("Ada Lovelace");
      expect(page.body, url).not.toContain("cart-link__badge");
      expect(page.body, url).toContain(">Login<");
      for (const signed of learnersUrls) expect(page.body, url).not.toContain(signed.replace(/&(amp;)?/, "&amp;"));
    }
    expect(signedMediaUrls((await visit("/docker/images")).body)).toEqual([]);

    // A bearer token is a session too.
    const viaBearer = await visit("/docker", bearer(token));
    expect(viaBearer.body).toContain("Ada Lovelace");
    expect(viaBearer.headers["cache-control"]).toBe("private, no-cache");
  });

  it("are kept per language URL: a Spanish URL's page is every guest's, an English URL's one per notice", async () => {
    const listing = vi.spyOn(store.app.catalogue, "listing");
    try {
      const spanish: LightMyRequestResponse[] = [];
      for (const headers of [
        {},
        { "accept-language": "fr" },
        { cookie: "lang=en" },
        { "accept-language": "de", cookie: "lang=fr" },
      ] as Record<string, string>[]) {
        spanish.push(await visit("/es/git", headers));
      }
      expect(new Set(spanish.map((res) => res.body)).size).toBe(1);
      expect(spanish[0]?.body).toContain('<html lang="es"');
      // No language header changes it, so none is in Vary: a shared cache keeps one copy.
      for (const res of spanish) expect(String(res.headers.vary).toLowerCase()).not.toContain("accept-language");
      expect(listing).toHaveBeenCalledTimes(1);

      // The English URL: its page, and one with a first visit's notice for each language it offers.
      listing.mockClear();
      const english: LightMyRequestResponse[] = [];
      for (const headers of [
        {},
        { "accept-language": "es" },
        { "accept-language": "es-MX,es;q=0.9" },
        { "accept-language": "fr" },
        { "accept-language": "fr", cookie: "lang=en" },
        { "accept-language": "de" },
      ] as Record<string, string>[]) {
        english.push(await visit("/git", headers));
      }
      expect(english.map((res) => res.headers.etag)).toEqual([0, 1, 1, 3, 0, 0].map((i) => english[i]?.headers.etag));
      expect(new Set(english.map((res) => res.headers.etag)).size).toBe(3);
      for (const res of english) expect(String(res.headers.vary).toLowerCase()).toContain("accept-language");
      expect(listing).toHaveBeenCalledTimes(3);
    } finally {
      listing.mockRestore();
    }
  });

  it("are not kept when private: the account area sends a visitor to sign in, every time", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await visit("/my-orders");
      expect(res.statusCode).toBe(302);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers["cache-control"]).not.toContain("public");
    }
    const login = await visit("/login");
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).not.toContain("public");
    // Rendered for each request, it is compressed as any answer is, not kept compressed.
    const compressed = await visit("/login", { "accept-encoding": "br" });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toContain("<form");
    // A 404 is kept for visitors too (a broken link asked again costs no render), but for no other cache.
    const missing = [await visit("/no-such-page/at-all"), await visit("/no-such-page/at-all")];
    for (const res of missing) {
      expect(res.statusCode).toBe(404);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
      expect(res.headers.etag).toBeUndefined();
      expect(noncesIn(res.body)).toEqual([]);
      expectScriptsAllowed(res.body, res.headers["content-security-policy"] as string);
    }
    expect(missing[0]?.body).toBe(missing[1]?.body);
  });
});

describe("a catalogue change", () => {
  it("shows on the next request: price, title, new artefact, deleted article", async () => {
    const listingBefore = await visit("/docker");
    const articleBefore = await visit("/docker/volumes");
    const homeBefore = await visit("/");
    expect(listingBefore.body).toContain("19.99");
    expect(articleBefore.body).toContain("Volumes");

    const docker = await artefactOf("docker");
    expect((await admin("PATCH", `/api/admin/categories/${docker.id}`, { price: 24.99 })).statusCode).toBe(200);
    const listing = await visit("/docker", { "if-none-match": String(listingBefore.headers.etag) });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain("24.99");
    expect(listing.body).not.toContain("19.99");

    const volumes = docker.contents.find((c) => c.slug === "volumes");
    if (!volumes) throw new Error("no volumes article");
    expect(
      (await admin("PATCH", `/api/admin/contents/${volumes.id}`, { title: "Volumes and mounts" })).statusCode,
    ).toBe(200);
    expect((await visit("/docker/volumes")).body).toContain("Volumes and mounts");

    const parentId = docker.parent_id;
    expect((await visit("/terraform")).statusCode).toBe(404);
    const created = await admin("POST", "/api/admin/categories", {
      parent_id: parentId,
      slug: "terraform",
      name: "Terraform",
      icon: "simple-icons:terraform",
      single_line: "Infrastructure as code",
    });
    expect(created.statusCode).toBe(201);
    const home = await visit("/");
    expect(homeBefore.body).not.toContain("Terraform");
    expect(home.body).toContain("Terraform");
    expect(home.headers.etag).not.toBe(homeBefore.headers.etag);
    // The path whose 404 was kept is the new artefact's listing now.
    const terraform = await visit("/terraform");
    expect(terraform.statusCode).toBe(200);
    expect(terraform.body).toContain("Infrastructure as code");

    expect((await admin("DELETE", `/api/admin/contents/${volumes.id}`)).statusCode).toBe(200);
    expect((await visit("/docker/volumes")).statusCode).toBe(404);
    expect((await visit("/docker")).body).not.toContain("Volumes and mounts");
  });

  it("shows on the next request on every instance on the same database", async () => {
    const other = await store.otherInstance({ pages: true });
    try {
      const before = await visit("/labs", {}, other);
      expect(before.body).toContain("Kubernetes");
      const kubernetes = await artefactOf("kubernetes");
      await admin("PATCH", `/api/admin/categories/${kubernetes.id}`, { name: "K8s" });
      // The notification travels through the database: soon, not within the same tick.
      await vi.waitFor(async () => expect((await visit("/labs", {}, other)).body).toContain("K8s"), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      await other.close();
    }
  });
});
