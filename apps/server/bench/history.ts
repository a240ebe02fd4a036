import fs from "node:fs";
import autocannon from "autocannon";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import pg from "pg";
import { createSession } from "../src/accounts/sessions.ts";
import { openDatabase } from "../src/db/client.ts";
import { categories, orders, users } from "../src/db/schema/index.ts";
import { bulkLoad, insertLearners, insertOrders } from "../test/helpers/history.ts";
import { operatorSession, startBenchServer } from "./bench-server.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = 32;
const LEARNERS = 100_000;
const ORDERS_EACH = 2;
const HISTORY = 1_000;
const SEARCHES_EACH = 60;

const TARGETS = { htmlKb: 60, pageP99Ms: 100, searchP50Ms: 20 };

const failures: string[] = [];
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

if (!fs.existsSync(new URL("../../web/build/server/index.js", import.meta.url))) {
  console.error("The web app is not built: run npm run build first (npm run bench does).");
  process.exit(1);
}

const admin = new pg.Client({ connectionString: serverUrl });
try {
  await admin.connect();
} catch {
  console.log(`\nLong histories on PostgreSQL: not measured, no server at ${serverUrl} (set BENCH_DATABASE_URL).`);
  console.log("\nMissed targets:\n  history and search targets not measured (no PostgreSQL)");
  process.exit(1);
}
const name = `skillshelf_history_${Date.now()}`;
await admin.query(`create database ${name}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// The store on the bench database.
const store = await startBenchServer({ DATABASE_URL: dbUrl.toString() });
const database = await openDatabase({ databaseUrl: dbUrl.toString(), maxConnections: 4 });
try {
  const db = database.db;
  const [artefact] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(isNotNull(categories.parentId), isNotNull(categories.priceMinor)))
    .limit(1);
  if (!artefact) throw new Error("the demo catalogue has no priced artefact");

  const loadStarted = performance.now();
  const { heavy, heavyFrench, light, operator } = await bulkLoad(db, async () => {
    const learners = await insertLearners(db, {
      count: LEARNERS,
      tag: "Bench",
      start: new Date("2025-01-01T00:00:00Z"),
    });
    await insertOrders(db, {
      users: learners,
      perUser: ORDERS_EACH,
      tag: "bench",
      start: new Date("2025-03-01T00:00:00Z"),
      stepMicros: 10_000_000,
    });
    /** One learner with `count` orders of the artefact, an hour apart. */
    const learnerWithOrders = async (tag: string, count: number) => {
      const one = await insertLearners(db, { count: 1, tag, start: new Date("2025-02-01T00:00:00Z") });
      await insertOrders(db, {
        users: one,
        perUser: count,
        tag: tag.toLowerCase(),
        start: new Date("2025-04-01T00:00:00Z"),
        stepMicros: 3_600_000_000,
        categoryId: artefact.id,
      });
      return one.firstId;
    };
    const heavy = await learnerWithOrders("Heavy", HISTORY);
    // The same history for a learner who reads the store in French: a translated page weighs what English does.
    const heavyFrench = await learnerWithOrders("French", HISTORY);
    await db.update(users).set({ language: "French" }).where(eq(users.id, heavyFrench));
    // The same page for a learner whose whole history fits on it: what /my-orders costs without a long history.
    const light = await learnerWithOrders("Light", 20);
    const ops = await insertLearners(db, { count: 1, tag: "Operator", start: new Date("2025-01-01T00:00:00Z") });
    await db.update(users).set({ role: "admin" }).where(eq(users.id, ops.firstId));
    return { heavy, heavyFrench, light, operator: ops.firstId };
  });
  const [{ n: orderCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  console.log(
    `\nLong histories on PostgreSQL: ${LEARNERS + 4} learners, ${orderCount} orders, two learners with ${HISTORY} (loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s)`,
  );

  const now = new Date();
  const learnerToken = (await createSession({ db, userId: heavy, rememberMe: true, now })).token;
  const frenchToken = (await createSession({ db, userId: heavyFrench, rememberMe: true, now })).token;
  const lightToken = (await createSession({ db, userId: light, rememberMe: true, now })).token;
  const adminToken = await operatorSession(db, operator);
  const asLearner = { cookie: `access-token=${learnerToken}` };
  const asLight = { cookie: `access-token=${lightToken}` };
  const asFrench = { cookie: `access-token=${frenchToken}` };
  const asAdmin = { authorization: `Bearer ${adminToken}` };

  // A deep page: follow next_cursor 30 pages in (orders 601-620).
  let deepCursor = "";
  for (let page = 0; page < 30; page++) {
    const url = `${store.url}/api/get-orders${deepCursor ? `?cursor=${encodeURIComponent(deepCursor)}` : ""}`;
    const body = (await (await fetch(url, { headers: asLearner })).json()) as { data: { next_cursor: string } };
    deepCursor = body.data.next_cursor;
  }
  const deep = `?cursor=${encodeURIComponent(deepCursor)}`;

  // What the searches look for: a learner's e-mail and name, an order's number and transaction id.
  const samples = await db
    .select({ email: users.email, name: users.name, number: orders.orderNumber, transaction: orders.transactionId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(sql`${orders.id} % 3331 = 0`)
    .orderBy(desc(orders.id))
    .limit(SEARCHES_EACH);
  const searches: { label: string; urls: string[] }[] = [
    { label: "learners by e-mail", urls: samples.map((s) => `/api/admin/users?search=${encodeURIComponent(s.email)}`) },
    {
      label: "learners by name",
      urls: samples.map((s) => `/api/admin/users?search=${encodeURIComponent(s.name.split(" ").slice(1).join(" "))}`),
    },
    { label: "orders by number", urls: samples.map((s) => `/api/admin/orders?search=${encodeURIComponent(s.number)}`) },
    {
      label: "orders by transaction id",
      urls: samples.map((s) => `/api/admin/orders?search=${encodeURIComponent(s.transaction)}`),
    },
    { label: "orders by e-mail", urls: samples.map((s) => `/api/admin/orders?search=${encodeURIComponent(s.email)}`) },
    { label: "learners, first page", urls: ["/api/admin/users"] },
    { label: "orders, first page", urls: ["/api/admin/orders"] },
  ];

  const bytesOf = async (url: string, headers: Record<string, string>) => {
    const res = await fetch(store.url + url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return Buffer.byteLength(await res.text());
  };
  const load = async (url: string, headers: Record<string, string>) => {
    const result = await autocannon({ url: store.url + url, connections: CONNECTIONS, duration: DURATION, headers });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  const oneAtATime = async (urls: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < Math.max(SEARCHES_EACH, urls.length); i++) {
      const started = performance.now();
      const res = await fetch(store.url + urls[i % urls.length], { headers: asAdmin });
      const body = (await res.json()) as { data?: { rows: unknown[] } };
      if (!res.ok || !body.data) throw new Error(`${urls[i % urls.length]}: ${res.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
  };

  // The baselines have no target: the same page for a learner with 20 orders, and a signed-in page with no
  // list at all, the floor of what a page costs here whatever its data.
  const pages = [
    { label: "/my-orders", url: "/my-orders", headers: asLearner, html: true, baseline: false },
    { label: "/my-orders, page 31", url: `/my-orders${deep}`, headers: asLearner, html: true, baseline: false },
    { label: "/my-orders, in French", url: "/my-orders", headers: asFrench, html: true, baseline: false },
    { label: "/my-orders, 20 orders", url: "/my-orders", headers: asLight, html: true, baseline: true },
    { label: "/settings (no list)", url: "/settings", headers: asLearner, html: true, baseline: true },
    { label: "/api/get-orders", url: "/api/get-orders", headers: asLearner, html: false, baseline: false },
    {
      label: "/api/get-orders, page 31",
      url: `/api/get-orders${deep}`,
      headers: asLearner,
      html: false,
      baseline: false,
    },
  ];
  const pageRounds = new Map<string, { kb: number; rps: number; p99: number }[]>();
  const searchRounds = new Map<string, { p50: number; p99: number }[]>();
  // Warm up: the page build, the pool, the plans.
  for (const page of pages) await load(page.url, page.headers);
  for (const search of searches) await oneAtATime(search.urls);

  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\nRound ${round} of ${ROUNDS}`);
    for (const page of pages) {
      const kb = (await bytesOf(page.url, page.headers)) / 1024;
      const { rps, p99 } = await load(page.url, page.headers);
      pageRounds.set(page.label, [...(pageRounds.get(page.label) ?? []), { kb, rps, p99 }]);
      console.log(
        `  ${page.label.padEnd(28)} ${kb.toFixed(1).padStart(6)} KB ${page.html ? "HTML" : "JSON"}  ${rps.toFixed(0).padStart(6)} req/s  p99 ${String(p99).padStart(4)} ms at ${CONNECTIONS} clients`,
      );
    }
    for (const search of searches) {
      const figures = await oneAtATime(search.urls);
      searchRounds.set(search.label, [...(searchRounds.get(search.label) ?? []), figures]);
      console.log(
        `  admin ${search.label.padEnd(26)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms (one at a time, ${Math.max(SEARCHES_EACH, search.urls.length)} requests)`,
      );
    }
  }

  console.log(`\nMedians of ${ROUNDS} rounds, against the targets`);
  for (const page of pages) {
    const rounds = pageRounds.get(page.label) ?? [];
    const kb = median(rounds.map((r) => r.kb));
    const p99 = median(rounds.map((r) => r.p99));
    if (page.baseline) {
      console.log(`  ${page.label.padEnd(28)} ${kb.toFixed(1)} KB, p99 ${p99} ms (baseline, no target)`);
      continue;
    }
    const htmlNote = page.html ? ` (target <= ${TARGETS.htmlKb} KB)` : "";
    console.log(
      `  ${page.label.padEnd(28)} ${kb.toFixed(1)} KB${htmlNote}, p99 ${p99} ms (target <= ${TARGETS.pageP99Ms} ms)`,
    );
    if (page.html && kb > TARGETS.htmlKb)
      failures.push(`${page.label}: ${kb.toFixed(1)} KB of HTML > ${TARGETS.htmlKb} KB`);
    if (p99 > TARGETS.pageP99Ms)
      failures.push(`${page.label}: p99 ${p99} ms > ${TARGETS.pageP99Ms} ms at ${CONNECTIONS} clients`);
  }
  for (const search of searches) {
    const p50 = median((searchRounds.get(search.label) ?? []).map((r) => r.p50));
    console.log(`  admin ${search.label.padEnd(26)} p50 ${p50.toFixed(1)} ms (target <= ${TARGETS.searchP50Ms} ms)`);
    if (p50 > TARGETS.searchP50Ms)
      failures.push(`admin ${search.label}: p50 ${p50.toFixed(1)} ms > ${TARGETS.searchP50Ms} ms`);
  }
} finally {
  await database.close();
  await store.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

if (failures.length) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll history and search targets met.");
}
