import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodedBody, PageCache, toVisitorPage, type VisitorPage, visitorPolicy } from "./page-cache.ts";

const page = (body: string, shared = true): VisitorPage => ({
  status: 200,
  headers: [],
  body: Buffer.from(body),
  scriptHashes: [],
  etag: body,
  shared,
  missing: false,
  encoded: new Map(),
  replays: new Map(),
});
/** A 404 as a visitor gets it: kept apart from the pages. */
const notFound = (body: string): VisitorPage => ({ ...page(body, false), status: 404, missing: true });

/** A render the test finishes when it wants, counting how often the cache asked for one. */
function renders() {
  const calls: ((page: VisitorPage) => void)[] = [];
  const render = () => new Promise<VisitorPage>((resolve) => calls.push(resolve));
  return { calls, render };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("toVisitorPage", () => {
  const headers = new Headers({ "content-type": "text/html", "cache-control": "public" });
  const rendered = (nonce: string) =>
    `<link rel="modulepreload" href="/a.js" nonce="${nonce}"/><script nonce="${nonce}">window.x = "£";</script>` +
    `<p>£ café</p><script type="application/ld+json">{}</script>` +
    `<script nonce="${nonce}" type="module" async="">import("/a.js");</script>`;

  it("keeps the same bytes for every visitor, its inline scripts allowed by their hashes", () => {
    const kept = toVisitorPage({ status: 200, headers }, rendered("P+h/1="), "P+h/1=");
    expect(kept.shared).toBe(true);
    expect(kept.body.toString()).toBe(
      '<link rel="modulepreload" href="/a.js"/><script>window.x = "£";</script><p>£ café</p>' +
        '<script type="application/ld+json">{}</script><script type="module" async="">import("/a.js");</script>',
    );
    expect(kept.scriptHashes).toEqual([sha256('window.x = "£";'), sha256('import("/a.js");')]);
    // Rendered again, with another placeholder: the same page, the same validator.
    expect(toVisitorPage({ status: 200, headers }, rendered("QQ"), "QQ").etag).toBe(kept.etag);
  });

  it("refuses a render that uses its nonce where no hash can stand for it", () => {
    expect(() => toVisitorPage({ status: 200, headers }, '<script nonce="N">s.nonce = "N"</script>', "N")).toThrow(
      /nonce/,
    );
  });

  it("turns the response's nonce policy into one of hashes", () => {
    const policy =
      "default-src 'self';script-src 'nonce-abc';script-src-attr 'none';style-src 'self' 'unsafe-inline' 'nonce-def'";
    expect(visitorPolicy(policy, ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-1' 'sha256-2';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
    );
  });

  it("compresses a page once per encoding, and not at all below a kilobyte", async () => {
    const big = page(`<p>${"Skillshelf ".repeat(200)}</p>`);
    const br = encodedBody(big, "br");
    expect(encodedBody(big, "br")).toBe(br);
    expect(zlib.brotliDecompressSync(await (br as Promise<Buffer>)).equals(big.body)).toBe(true);
    expect(zlib.gunzipSync(await (encodedBody(big, "gzip") as Promise<Buffer>)).equals(big.body)).toBe(true);
    expect(encodedBody(page("<p>small</p>"), "br")).toBeNull();
  });
});

describe("PageCache", () => {
  const setup = () => {
    let now = 0;
    const cache = new PageCache({
      maxBytes: 1_000_000,
      missingMaxBytes: 1_000,
      ttlMs: 60_000,
      staleMs: 240_000,
      now: () => now,
    });
    return { cache, at: (ms: number) => (now = ms) };
  };

  it("keeps a page while it is fresh and renders it once for requests at the same time", async () => {
    const { cache, at } = setup();
    const { calls, render } = renders();
    const first = cache.get("/docker", () => 1, render);
    const second = cache.get("/docker", () => 1, render);
    expect(calls).toHaveLength(1);
    calls[0]?.(page("v1"));
    expect((await first).etag).toBe("v1");
    expect((await second).etag).toBe("v1");
    at(59_999);
    expect((await cache.get("/docker", () => 1, render)).etag).toBe("v1");
    expect(calls).toHaveLength(1);
  });

  it("after a minute sends the kept page while one render replaces it", async () => {
    const { cache, at } = setup();
    const { calls, render } = renders();
    const first = cache.get("/", () => 1, render);
    calls[0]?.(page("old"));
    await first;
    at(60_000);
    // Nobody waits: both get the kept page, and one render starts.
    expect((await cache.get("/", () => 1, render)).etag).toBe("old");
    expect((await cache.get("/", () => 1, render)).etag).toBe("old");
    expect(calls).toHaveLength(2);
    calls[1]?.(page("new"));
    await Promise.resolve();
    await Promise.resolve();
    expect((await cache.get("/", () => 1, render)).etag).toBe("new");
    expect(calls).toHaveLength(2);
  });

  it("never sends a page older than its limit, nor one from an older catalogue", async () => {
    const { cache, at } = setup();
    const { calls, render } = renders();
    const first = cache.get("/", () => 1, render);
    calls[0]?.(page("v1"));
    await first;

    // The catalogue changed: the visitor waits for the new render.
    const changed = cache.get("/", () => 2, render);
    expect(calls).toHaveLength(2);
    calls[1]?.(page("v2"));
    expect((await changed).etag).toBe("v2");

    // Five minutes after it was kept, the page is rendered again before it is sent.
    at(300_000);
    let settled = false;
    const late = cache
      .get("/", () => 2, render)
      .then((p) => {
        settled = true;
        return p;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    calls[2]?.(page("v2 again"));
    expect((await late).etag).toBe("v2 again");
  });

  it("does not keep a page only one visitor may have", async () => {
    const { cache } = setup();
    const { calls, render } = renders();
    const first = cache.get("/login", () => 1, render);
    calls[0]?.(page("with a cookie", false));
    await first;
    const again = cache.get("/login", () => 1, render);
    expect(calls).toHaveLength(2);
    calls[1]?.(page("with a cookie", false));
    await again;
  });

  it("keeps a path's 404 too, in a budget of its own that made-up paths cannot push the pages out of", async () => {
    const { cache } = setup();
    const { calls, render } = renders();
    const docker = cache.get("/docker", () => 1, render);
    calls[0]?.(page("docker"));
    await docker;
    const probe = cache.get("/wp-login.php", () => 1, render);
    calls[1]?.(notFound("404 /wp-login.php"));
    expect((await probe).status).toBe(404);
    // Asked again: no render.
    expect((await cache.get("/wp-login.php", () => 1, render)).etag).toBe("404 /wp-login.php");
    expect(calls).toHaveLength(2);
    // A hundred made-up paths, 16 KB of 404s against a budget of 1 KB...
    for (let i = 0; i < 100; i++) {
      const made = cache.get(`/made-up-${i}`, () => 1, render);
      calls[calls.length - 1]?.(notFound(`404 ${"x".repeat(100)}`));
      await made;
    }
    expect(calls).toHaveLength(102);
    // ...leave the page kept: no render for it. The oldest 404s made room for the newest.
    expect((await cache.get("/docker", () => 1, render)).etag).toBe("docker");
    expect((await cache.get("/made-up-99", () => 1, render)).status).toBe(404);
    expect(calls).toHaveLength(102);
    const again = cache.get("/wp-login.php", () => 1, render);
    expect(calls).toHaveLength(103);
    calls[102]?.(notFound("404 /wp-login.php"));
    await again;
  });

  it("drops a kept 404 once the catalogue changes, and keeps what the path is now", async () => {
    const { cache } = setup();
    const { calls, render } = renders();
    const before = cache.get("/terraform", () => 1, render);
    calls[0]?.(notFound("404"));
    expect((await before).status).toBe(404);
    // An artefact with that slug is created: version 2.
    const now = cache.get("/terraform", () => 2, render);
    expect(calls).toHaveLength(2);
    calls[1]?.(page("terraform"));
    expect((await now).status).toBe(200);
    expect((await cache.get("/terraform", () => 2, render)).etag).toBe("terraform");
    // And deleted again: version 3 renders the 404 anew, which is kept in place of the page.
    const gone = cache.get("/terraform", () => 3, render);
    calls[2]?.(notFound("404 again"));
    expect((await gone).etag).toBe("404 again");
    expect((await cache.get("/terraform", () => 3, render)).etag).toBe("404 again");
    expect(calls).toHaveLength(3);
  });
});
