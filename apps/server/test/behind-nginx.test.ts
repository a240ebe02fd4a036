import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { freePort } from "./helpers/free-port.ts";
import { adaptedRecipe, nginxErrors, RECIPE_HOST, startNginx, stopNginx } from "./helpers/nginx.ts";

/*
 * The store behind nginx with the configuration docs/nginx/skillshelf.conf
 * documents, read from that file: TLS in front, visitors' pages kept by
 * nginx's cache, sessions never. nginx is Debian's package (.ci/run installs it).
 */

const HOST = RECIPE_HOST;

let store: TestStore;
let nginx: ChildProcess;
let dir: string;
let httpsPort: number;
let httpPort: number;
let adminToken: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function collect(resolve: (answer: Answer) => void, reject: (error: Error) => void) {
  return (res: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("error", reject);
    res.on("end", () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
    );
  };
}

/** A GET through nginx over TLS, as a browser at https://shop.example.com sends it (the certificate is the test's own). */
function viaNginx(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: "127.0.0.1",
          port: httpsPort,
          path: url,
          servername: HOST,
          rejectUnauthorized: false,
          headers: { host: HOST, "accept-encoding": "identity", ...headers },
        },
        collect(resolve, reject),
      )
      .on("error", reject);
  });
}

async function untilAnswered(deadline: number): Promise<void> {
  for (;;) {
    try {
      await viaNginx("/api/health");
      return;
    } catch (error) {
      if (Date.now() > deadline || nginx.exitCode !== null) {
        throw new Error(`nginx did not answer: ${String(error)}\n${nginxErrors(dir)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true, env: { TRUST_PROXY: "1" } });
  await store.importCatalogue(smallCatalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  const storePort = (store.app.server.address() as { port: number }).port;

  dir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-nginx-"));
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  nginx = startNginx(dir, adaptedRecipe(dir, { store: storePort, https: httpsPort, http: httpPort }));
  await untilAnswered(Date.now() + 10_000);
}, 180_000);

afterAll(async () => {
  await stopNginx(nginx);
  await store?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const cacheStatus = (answer: Answer) => answer.headers["x-cache-status"];

describe("the store behind nginx (docs/nginx/skillshelf.conf)", () => {
  it("sends plain HTTP to HTTPS", async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: httpPort, path: "/docker", headers: { host: HOST } }, collect(resolve, reject))
        .on("error", reject);
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/docker`);
  });

  it("keeps visitors' pages in nginx's cache, each language's URL and encoding apart", async () => {
    const first = await viaNginx("/docker");
    const second = await viaNginx("/docker");
    expect(first.status).toBe(200);
    expect(first.body).toContain(">Login<");
    expect(cacheStatus(second)).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);

    // A language's URL is one page for every visitor: nginx keeps one, whatever the browser's language.
    await viaNginx("/fr/docker");
    for (const headers of [{}, { "accept-language": "fr-FR" }, { "accept-language": "de-DE, es;q=0.5" }] as Record<
      string,
      string
    >[]) {
      const french = await viaNginx("/fr/docker", headers);
      expect(cacheStatus(french), JSON.stringify(headers)).toBe("HIT");
      expect(french.body).toContain('<html lang="fr"');
    }
    // At an English URL a Spanish browser's first visit is offered the Spanish page (Vary: Accept-Language).
    await viaNginx("/docker", { "accept-language": "es" });
    const offered = await viaNginx("/docker", { "accept-language": "es" });
    expect(cacheStatus(offered)).toBe("HIT");
    expect(offered.body).toContain('<html lang="en"');
    expect(offered.body).toContain('<div class="language-notice" lang="es">');
    expect((await viaNginx("/docker")).body).not.toContain("language-notice");
    // ?lang= (the switcher) is answered by the store each time: it sets the lang cookie.
    for (let i = 0; i < 2; i++) {
      const moved = await viaNginx("/docker?lang=es");
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe("/es/docker");
      expect(String(moved.headers["set-cookie"])).toContain("lang=es");
      expect(cacheStatus(moved)).not.toBe("HIT");
    }
    await viaNginx("/docker", { "accept-encoding": "br" });
    const br = await viaNginx("/docker", { "accept-encoding": "br" });
    expect(cacheStatus(br)).toBe("HIT");
    expect(br.headers["content-encoding"]).toBe("br");
    expect((await viaNginx("/docker")).headers["content-encoding"]).toBeUndefined();
  });

  it("never gives a signed-in learner a kept page, nor keeps theirs, but keeps the hashed files for all", async () => {
    const learner = await createUser(store, { name: "Grace Hopper" });
    const token = await signIn(store, learner.id);
    for (const headers of [{ cookie: `lang=en; access-token=${token}` }, bearer(token)]) {
      // A page no visitor has asked for yet, then one nginx keeps.
      for (const url of ["/docker/volumes", "/docker"]) {
        const mine = await viaNginx(url, headers);
        expect(mine.status, url).toBe(200);
        expect(cacheStatus(mine), url).toBe("BYPASS");
        expect(mine.body, url).toContain("Grace Hopper");
        expect(mine.headers["cache-control"], url).toBe("private, no-cache");
      }
    }
    // The build's hashed files are the same for everyone: kept for the signed-in too.
    const asset = /href="(\/assets\/root-[\w-]+\.css)"/.exec((await viaNginx("/docker")).body)?.[1];
    if (!asset) throw new Error("no stylesheet in the page");
    await viaNginx(asset, { cookie: `access-token=${token}` });
    const kept = await viaNginx(asset, { cookie: `access-token=${token}` });
    expect(cacheStatus(kept)).toBe("HIT");
    expect(kept.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/docker/volumes", "/docker"]) {
      const visitor = await viaNginx(url);
      expect(visitor.body, url).not.toContain("Grace Hopper");
      expect(visitor.body, url).toContain(">Login<");
    }
  });

  it("shows a catalogue change through the cache within a visitor page's lifetime", async () => {
    await viaNginx("/git");
    expect(cacheStatus(await viaNginx("/git"))).toBe("HIT");
    const tree = (
      await store.app.inject({ method: "GET", url: "/api/admin/catalogue", headers: bearer(adminToken) })
    ).json<{ data: { categories: { artefacts: { id: number; slug: string }[] }[] } }>().data;
    const git = tree.categories.flatMap((p) => p.artefacts).find((a) => a.slug === "git");
    if (!git) throw new Error("no git artefact");
    const changed = await store.app.inject({
      method: "PATCH",
      url: `/api/admin/categories/${git.id}`,
      headers: bearer(adminToken),
      payload: { name: "Git for teams" },
    });
    expect(changed.statusCode).toBe(200);
    // s-maxage=5 and stale-while-revalidate=10: nginx asks the store again within 15 s of keeping the page.
    const started = Date.now();
    let seen = await viaNginx("/git");
    while (!seen.body.includes("Git for teams") && Date.now() - started < 16_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await viaNginx("/git");
    }
    expect(seen.body).toContain("Git for teams");
    expect(Date.now() - started).toBeLessThan(16_000);
  }, 30_000);
});
