import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageCache } from "../src/routes/page-cache.ts";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";

/*
 * Kept visitors' pages answered before Fastify (routes/front-door.ts, decision 0045):
 * over a real connection, as app.inject never passes the server's door.
 */

let store: TestStore;
let port: number;
let pages: PageCache;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

/** An answer's headers but the date, which Node writes for each answer. */
const headersOf = ({ headers }: Answer) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "date"));

/** Two GETs of `path` with `headers`: the second, and how many of the two the front door answered. */
async function twice(path: string, headers: Record<string, string> = {}) {
  const before = pages.replayed;
  const first = await get(path, headers);
  const second = await get(path, headers);
  return { first, second, replayed: pages.replayed - before };
}

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  port = (store.app.server.address() as { port: number }).port;
  const kept = store.app.visitorPages;
  if (!kept) throw new Error("the page cache is off");
  pages = kept;
}, 180_000);

afterAll(() => store?.close());

describe("the front door", () => {
  it("sends a kept page again exactly as Fastify sent it, in each encoding, a 404 too", async () => {
    for (const encoding of ["br, gzip", "gzip", ""]) {
      const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      for (const path of ["/docker", "/es/docker", "/?letter=D", "/fr?letter=D", "/no-such-page", "/es/no-such-page"]) {
        const { first, second, replayed } = await twice(path, headers);
        expect(replayed, `${path} ${encoding}`).toBe(1);
        expect(second.status).toBe(first.status);
        expect(headersOf(second)).toEqual(headersOf(first));
        expect(second.body.equals(first.body)).toBe(true);
      }
    }
    const { second } = await twice("/docker", { "accept-encoding": "br, gzip" });
    expect(second.headers).toMatchObject({
      "content-encoding": "br",
      "cache-control": "public, max-age=0, s-maxage=5, stale-while-revalidate=10",
      vary: "Cookie, Authorization, Accept-Language, accept-encoding",
      "content-type": "text/html; charset=utf-8",
    });
    expect(second.headers.etag).toBeTruthy();
    expect(second.headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    // A language's URL is every guest's page: it varies on no language header.
    expect((await twice("/es/docker", { "accept-encoding": "br, gzip" })).second.headers.vary).toBe(
      "Cookie, Authorization, accept-encoding",
    );
  });

  it("keeps each language's URL apart, and an English one's first-visit notices", async () => {
    const spanish = await twice("/es/docker");
    const french = await twice("/fr/docker");
    expect(spanish.second.body.toString()).toContain('<html lang="es"');
    expect(french.second.body.toString()).toContain('<html lang="fr"');
    // French's first answer came from Fastify (Spanish was kept by the test before); then the door
    // sends the URL's page to any guest.
    expect([spanish.replayed, french.replayed]).toEqual([2, 1]);
    const before = pages.replayed;
    for (const headers of [
      { cookie: "lang=fr" },
      { "accept-language": "fr" },
      { cookie: "lang=en; theme=dark" },
    ] as Record<string, string>[]) {
      const again = await get("/es/docker", headers);
      expect(again.body.equals(spanish.second.body), JSON.stringify(headers)).toBe(true);
    }
    expect(pages.replayed - before).toBe(3);

    // The English URL offers a French browser's first visit the French page: a page of its own, kept too.
    const offered = await twice("/docker", { "accept-language": "fr-FR,fr;q=0.9" });
    expect(offered.second.body.toString()).toContain('<div class="language-notice" lang="fr">');
    expect(offered.replayed).toBe(1);
    // English was kept by the test before; a lang cookie says no notice is wanted.
    const english = await twice("/docker", { "accept-language": "fr", cookie: "lang=fr" });
    expect(english.second.body.toString()).toContain('<html lang="en"');
    expect(english.second.body.toString()).not.toContain("language-notice");
    expect(english.replayed).toBe(2);
  });

  it("leaves to Fastify a session, a revalidation, a HEAD and ?lang=, which moves and sets the cookie", async () => {
    const learner = await createUser(store, { name: "Door Learner" });
    const token = await signIn(store, learner.id);
    const signedIn = await twice("/docker", { cookie: `access-token=${token}` });
    expect(signedIn.replayed).toBe(0);
    expect(signedIn.second.body.toString()).toContain("Door Learner");
    expect(signedIn.second.headers["cache-control"]).toBe("private, no-cache");
    expect((await twice("/docker", { authorization: `Bearer ${token}` })).replayed).toBe(0);

    const { second } = await twice("/docker");
    const before = pages.replayed;
    const revalidated = await get("/docker", { "if-none-match": String(second.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect((await get("/docker", {}, "HEAD")).status).toBe(200);
    const chosen = await twice("/docker?lang=fr");
    expect(chosen.second.status).toBe(301);
    expect(chosen.second.headers.location).toBe("/fr/docker");
    expect(chosen.second.headers["set-cookie"]).toEqual([expect.stringContaining("lang=fr")]);
    expect(pages.replayed - before).toBe(0);
  });

  it("sends the new page once the catalogue changes", async () => {
    await twice("/docker");
    const catalogue = smallCatalogue();
    const docker = catalogue.categories[0]?.artefacts?.[0];
    if (!docker) throw new Error("no docker");
    docker.single_line = "A line written after the change";
    await store.importCatalogue(catalogue);
    try {
      const before = pages.replayed;
      const changed = await get("/docker");
      expect(pages.replayed).toBe(before);
      expect(changed.body.toString()).toContain("A line written after the change");
    } finally {
      await store.importCatalogue(smallCatalogue());
    }
  });
});
