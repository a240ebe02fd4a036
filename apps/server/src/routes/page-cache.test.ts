import { describe, expect, it } from "vitest";
import { joinParts, PageCache, toVisitorPage, type VisitorPage } from "./page-cache.ts";

const page = (body: string, shared = true): VisitorPage => ({
  status: 200,
  headers: [],
  parts: [Buffer.from(body)],
  etag: body,
  shared,
});

/** A render the test finishes when it wants, counting how often the cache asked for one. */
function renders() {
  const calls: ((page: VisitorPage) => void)[] = [];
  const render = () => new Promise<VisitorPage>((resolve) => calls.push(resolve));
  return { calls, render };
}

describe("toVisitorPage and joinParts", () => {
  it("gives each response its own nonce and every response of the same page the same ETag", () => {
    const headers = new Headers({ "content-type": "text/html", "cache-control": "public" });
    const kept = toVisitorPage(
      { status: 200, headers },
      '<script nonce="PH">1</script><p>£ café</p><style nonce="PH">',
      "PH",
    );
    expect(kept.shared).toBe(true);
    expect(joinParts(kept.parts, "abc").toString()).toBe(
      '<script nonce="abc">1</script><p>£ café</p><style nonce="abc">',
    );
    expect(joinParts(kept.parts, "xyz").toString()).toBe(
      '<script nonce="xyz">1</script><p>£ café</p><style nonce="xyz">',
    );
    const again = toVisitorPage(
      { status: 200, headers },
      '<script nonce="QQ">1</script><p>£ café</p><style nonce="QQ">',
      "QQ",
    );
    expect(again.etag).toBe(kept.etag);
  });
});

describe("PageCache", () => {
  const setup = () => {
    let now = 0;
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000, staleMs: 240_000, now: () => now });
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
});
