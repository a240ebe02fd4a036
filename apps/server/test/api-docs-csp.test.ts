import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { expectScriptsAllowed } from "./helpers/csp.ts";

let store: TestStore;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
}, 180_000);
afterAll(() => store?.close());

/** A Content-Security-Policy header as directive → sources. */
function readCsp(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The sources that apply to script elements and style elements, with CSP's fallbacks. */
const scriptSources = (csp: Map<string, string[]>) =>
  csp.get("script-src-elem") ?? csp.get("script-src") ?? csp.get("default-src") ?? [];
const styleSources = (csp: Map<string, string[]>) =>
  csp.get("style-src-elem") ?? csp.get("style-src") ?? csp.get("default-src") ?? [];

describe("the API docs' Content-Security-Policy", () => {
  it("lets /api/docs load its own scripts, styles and OpenAPI document, and nothing from elsewhere", async () => {
    const page = await store.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    const csp = readCsp(page.headers["content-security-policy"]);
    // Every script and stylesheet the page names is its own, under /api/docs/static.
    const scripts = [...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? "");
    const styles = [...page.body.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    // No inline script for 'self' to miss: every <script> has a src.
    expect(page.body.match(/<script\b/g)).toHaveLength(scripts.length);
    for (const asset of [...scripts, ...styles]) {
      const url = new URL(asset, "http://store.test/api/docs");
      expect(url.origin).toBe("http://store.test");
      const res = await store.app.inject({ method: "GET", url: url.pathname });
      expect(res.statusCode, url.pathname).toBe(200);
      expect(readCsp(res.headers["content-security-policy"]).get("script-src")).toEqual(["'self'"]);
    }
    expect(scriptSources(csp)).toEqual(["'self'"]);
    expect(styleSources(csp)).toContain("'self'");
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("script-src-attr")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    const spec = await store.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(spec.statusCode).toBe(200);
    expect(spec.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  });

  it("leaves the store's pages and API with their own strict script policies", async () => {
    // The API, and a signed-in page: the response's nonce, nothing else.
    const token = await signIn(store, (await createUser(store)).id);
    for (const [url, headers] of [
      ["/api/categories", {}],
      ["/settings", { cookie: `access-token=${token}` }],
    ] as const) {
      const res = await store.app.inject({ method: "GET", url, headers });
      const scripts = scriptSources(readCsp(res.headers["content-security-policy"]));
      expect(scripts, url).toHaveLength(1);
      expect(scripts[0], url).toMatch(/^'nonce-[\w+/=-]+'$/);
      if (url === "/settings") expectScriptsAllowed(res.body, String(res.headers["content-security-policy"]), url);
    }
    // A visitor's page, the same bytes for everyone: the store's files and its own inline scripts by hash.
    for (const url of ["/", "/login", "/no-such-page"]) {
      const res = await store.app.inject({ method: "GET", url });
      const [self, ...hashes] = scriptSources(readCsp(res.headers["content-security-policy"]));
      expect(self, url).toBe("'self'");
      expect(hashes.length, url).toBeGreaterThan(0);
      for (const hash of hashes) expect(hash, url).toMatch(/^'sha256-[\w+/]+=*'$/);
      expectScriptsAllowed(res.body, String(res.headers["content-security-policy"]), url);
    }
  });
});
