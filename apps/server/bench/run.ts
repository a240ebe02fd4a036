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
import { and, isNotNull } from "drizzle-orm";
import pg from "pg";
import { hashPassword } from "../src/accounts/password-hash.ts";
import { createSession } from "../src/accounts/sessions.ts";
import { openDatabase } from "../src/db/client.ts";
import { cartItems, categories, users } from "../src/db/schema/index.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

/** The store as npm start runs it, in its own process, on a fresh database. */
async function startServer(env: Record<string, string>) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-"));
  const child = fork(path.join(import.meta.dirname, "server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      SEED: "demo",
      ...env,
    },
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = await startServer({});
const base = server.url;

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
  await server.stop();
}

await benchCheckout();

/**
 * Checkout-session creation with 32 learners at once on PostgreSQL: each has
 * a cart and starts a card payment over and over (the Stripe emulator plays
 * the provider, so every call also crosses the real library and HTTP).
 */
async function benchCheckout() {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `skillshelf_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`\nCheckout on PostgreSQL: skipped, no server at ${serverUrl} (set BENCH_DATABASE_URL).`);
    return;
  }
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const store = await startServer({ DATABASE_URL: dbUrl.toString() });
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), maxConnections: 4 });
  try {
    const [artefact] = await database.db
      .select({ id: categories.id, price: categories.priceMinor })
      .from(categories)
      .where(and(isNotNull(categories.parentId), isNotNull(categories.priceMinor)))
      .limit(1);
    if (!artefact?.price) throw new Error("the demo catalogue has no priced artefact");
    const passwordHash = await hashPassword("Bench@2026x");
    const tokens: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const [user] = await database.db
        .insert(users)
        .values({ name: `Bench ${i}`, email: `bench${i}@example.com`, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error("no user");
      await database.db.insert(cartItems).values({ userId: user.id, categoryId: artefact.id });
      tokens.push(
        (await createSession({ db: database.db, userId: user.id, rememberMe: false, now: new Date() })).token,
      );
    }
    const body = JSON.stringify({
      final_amount: artefact.price / 100,
      currency: "GBP",
      success_url: `${store.url}/payment-confirmation`,
      cancel_url: `${store.url}/payment-cancelled`,
    });
    const latencies: number[] = [];
    let errors = 0;
    const run = async (token: string, until: number, record: boolean) => {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${store.url}/api/stripe/create-checkout-session`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body,
        });
        await res.arrayBuffer();
        if (!record) continue;
        if (res.ok) latencies.push(performance.now() - started);
        else errors++;
      }
    };
    await Promise.all(tokens.map((t) => run(t, Date.now() + 1000, false)));
    const until = Date.now() + DURATION * 1000;
    await Promise.all(tokens.map((t) => run(t, until, true)));
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(
      `\nCheckout starts on PostgreSQL, ${CONNECTIONS} learners at once (a new session, then the open one again after asking Stripe)`,
    );
    console.log(
      `  ${(latencies.length / DURATION).toFixed(0).padStart(7)} sessions/s   p50 ${at(0.5).toFixed(0)} ms   p99 ${at(0.99).toFixed(0)} ms   errors ${errors}`,
    );
    if (errors > 0) failures.push(`${errors} checkout-session requests failed`);
  } finally {
    await database.close();
    await store.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (failures.length) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
