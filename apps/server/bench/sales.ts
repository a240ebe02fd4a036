// The sales page at 100 times a store's history (issue 39): 200,000 orders over two years on the demo
// catalogue, then GET /api/admin/sales and the /admin/sales page for the last 30 days, the last year and
// all time, one request at a time. Target: p95 <= 200 ms each, on PGlite and, when a server answers, on
// PostgreSQL. The figures come from the daily summary that migration 0020's trigger keeps (decision 0048);
// the all-time download of the orders themselves is timed too, with no target.
//
//   npm run build && npm run bench:sales -w apps/server
//   BENCH_SALES_ORDERS=20000 BENCH_SALES_RUNS=10 npm run bench:sales -w apps/server
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sales -w apps/server
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../src/db/client.ts";
import { createTestStore, type TestStore } from "../test/helpers/app.ts";
import { createBenchAdmin, freshPostgres } from "./bench-server.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { insertSalesHistory } from "./sales-history.ts";

const ORDERS = Number(process.env.BENCH_SALES_ORDERS ?? 200_000);
const RUNS = Number(process.env.BENCH_SALES_RUNS ?? 30);
const TARGET_P95_MS = 200;
const RANGES = ["30d", "1y", "all"] as const;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

if (!fs.existsSync(new URL("../../web/build/server/index.js", import.meta.url))) {
  console.error("The web app is not built: run npm run build first (npm run bench does).");
  process.exit(1);
}

const failures: string[] = [];

/** The history on `store`'s database, then each URL timed RUNS times after a warm-up. */
async function measure(label: string, store: TestStore) {
  let started = performance.now();
  await store.importCatalogue((await generateCatalogue(1)).file);
  await insertSalesHistory(store.database.db, { orders: ORDERS, learners: ORDERS / 4, end: new Date(), days: 730 });
  console.log(
    `\nSales on ${label}: ${ORDERS.toLocaleString("en")} orders over 2 years, demo catalogue (loaded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  const token = await createBenchAdmin(store.database);
  const get = async (url: string) => {
    const t = performance.now();
    const res = await store.app.inject({ method: "GET", url, headers: { cookie: `access-token=${token}` } });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { ms, bytes: res.rawPayload.length };
  };
  for (const range of RANGES) {
    for (const url of [`/api/admin/sales?range=${range}`, `/admin/sales?range=${range}`]) {
      for (let i = 0; i < 3; i++) await get(url); // warm-up: plans, the page's build, the formatters
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const run = await get(url);
        times.push(run.ms);
        bytes = run.bytes;
      }
      times.sort((a, b) => a - b);
      const [median, p95] = [percentile(times, 0.5), percentile(times, 0.95)];
      const met = p95 <= TARGET_P95_MS;
      console.log(
        `  ${url.padEnd(32)} median ${median.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(1).padStart(6)} KB  (target p95 <= ${TARGET_P95_MS} ms: ${met ? "met" : "MISSED"})`,
      );
      if (!met) failures.push(`${label} ${url}: p95 ${p95.toFixed(1)} ms > ${TARGET_P95_MS} ms`);
    }
  }
  started = performance.now();
  const csv = await get("/api/admin/sales.csv?range=all&orders=1");
  console.log(
    `  /api/admin/sales.csv?range=all&orders=1: ${(csv.bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s (streamed; no target)`,
  );
}

const embedded = await createTestStore({ pages: true });
try {
  await measure("PGlite", embedded);
} finally {
  await embedded.close();
}

const postgres = await freshPostgres();
if (postgres) {
  const database = await openDatabase({ databaseUrl: postgres.url, maxConnections: 10 });
  const store = await createTestStore({ pages: true, database });
  try {
    await measure("PostgreSQL", store);
  } finally {
    await store.close();
    await postgres.drop();
  }
} else console.log("\nSales on PostgreSQL: not measured, no server answers (set BENCH_DATABASE_URL).");

if (failures.length > 0) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else console.log("\nSales targets met.");
