// `npm run bench`: throughput of the catalogue API beside a from-memory
// baseline in the same run, server-rendered pages, and each public page's
// initial JavaScript. Ratios, not absolute numbers, are the targets: this
// machine is shared and noisy.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-"));

const server = fork(path.join(import.meta.dirname, "server.ts"), [], {
  execArgv: ["--import", "tsx"],
  env: { ...process.env, PORT: String(PORT), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: "error", SEED: "demo" },
});
await new Promise<void>((resolve, reject) => {
  server.once("message", () => resolve());
  server.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function load(url: string, method: "GET" | "POST" = "GET", body?: unknown) {
  const result = await autocannon({
    url: base + url,
    method,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(body ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const fmt = (r: { rps: number; p99: number }) =>
  `${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`;
const failures: string[] = [];

try {
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as {
    data: { slug: string; parent_id: number; content: { slug: string }[] }[];
  };
  const artefact = categories.data.find((c) => c.parent_id !== 0 && c.content.length > 0);
  if (!artefact) throw new Error("the demo catalogue has no artefact with content");
  const article = `/${artefact.slug}/${artefact.content[0]?.slug}`;

  // Warm up both, then measure them back to back.
  await load("/bench/static-categories");
  await load("/api/categories");
  const baseline = await load("/bench/static-categories");
  const api = await load("/api/categories");
  const ratio = api.rps / baseline.rps;
  console.log("\nGET /api/categories beside the same bytes from memory");
  console.log(`  from memory      ${fmt(baseline)}`);
  console.log(`  /api/categories  ${fmt(api)}`);
  console.log(`  ratio            ${ratio.toFixed(2)} (target >= 0.80)`);
  if (ratio < 0.8) failures.push(`categories ratio ${ratio.toFixed(2)} < 0.80`);

  console.log("\nServer-rendered pages");
  for (const page of ["/", `/${artefact.slug}`, article]) {
    await load(page);
    console.log(`  ${page.padEnd(40)} ${fmt(await load(page))}`);
  }

  console.log("\nInitial JavaScript of each public page (gzip)");
  for (const page of ["/", "/tech-cards", `/${artefact.slug}`, article, "/no-such-page"]) {
    const html = await (await fetch(base + page)).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
    for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) if (m[1]) urls.add(m[1]);
    let bytes = 0;
    for (const url of urls)
      bytes += gzipSync(Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())).length;
    const kb = bytes / 1024;
    console.log(`  ${page.padEnd(40)} ${kb.toFixed(1).padStart(6)} KB in ${urls.size} files (target <= 120 KB)`);
    if (kb > 120) failures.push(`${page}: ${kb.toFixed(1)} KB of initial JavaScript > 120 KB`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
