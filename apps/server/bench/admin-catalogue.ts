// `npm run bench:admin`: the catalogue editor (/admin/catalogue and GET /api/admin/catalogue) and the
// coupons screen on catalogues 10 and 100 times the demo's (60 and 600 parent categories, 240 and
// 2,400 artefacts), one request at a time, on the embedded database. A page of the editor holds 20
// parents whatever the catalogue holds, an artefact's form offers at most 51 parents and a coupon's
// at most 50 artefacts, so bytes and time should be flat from 10x to 100x; before it was paged, the
// 100x editor was 40 MB of HTML and took 5-6 s, and the coupons screen listed every artefact.
//
// BENCH_ROUNDS   rounds of each measurement (default 3)
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { openDatabase } from "../src/db/client.ts";
import { categories, contents } from "../src/db/schema/index.ts";
import { catalogueStore, createBenchAdmin, startBenchServer } from "./bench-server.ts";

const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 3));
const REQUESTS = 30;
const SIZES = [10, 100] as const;
const TARGETS = { bytes: 1.2, time: 1.5 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const failures: string[] = [];

if (!fs.existsSync(new URL("../../web/build/server/index.js", import.meta.url))) {
  console.error("The web app is not built: run npm run build first (npm run bench does).");
  process.exit(1);
}

/** A store on a catalogue `size` times the demo's, an operator's session, and the editor's URLs on it. */
async function prepare(size: number) {
  const store = await catalogueStore(size);
  console.log(`  ${size}x the demo: ${store.written.parents} parent categories, ${store.written.contents} articles`);
  const database = await openDatabase({ dataDir: store.dataDir });
  const token = await createBenchAdmin(database);
  // An article of the demo's first artefact: its editor, with the related picker.
  const [docker] = await database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, "docker"));
  const [article] = await database.db
    .select({ id: contents.id })
    .from(contents)
    .where(eq(contents.categoryId, docker?.id ?? 0))
    .limit(1);
  await database.close();
  const server = await startBenchServer({ SEED: "none" }, store.dataDir);
  const headers = { cookie: `access-token=${token}`, authorization: `Bearer ${token}` };
  const urls = [
    "/admin/catalogue",
    `/admin/catalogue/contents/${article?.id}?open=${docker?.id}`,
    `/admin/catalogue/contents/${article?.id}?related=basics`,
    // A word of two of the demo's six parents: a full page of matches at both sizes.
    "/admin/catalogue?search=security",
    "/api/admin/catalogue",
    // An artefact's form: its parent select.
    `/admin/catalogue/categories/${docker?.id}`,
    // The coupons screen: its artefact picker.
    "/admin/coupons",
  ];
  /** REQUESTS of the i-th URL one after another: its bytes and their median time. */
  const measure = async (i: number) => {
    const url = urls[i] ?? "";
    const times: number[] = [];
    let bytes = 0;
    for (let n = 0; n < REQUESTS; n++) {
      const started = performance.now();
      const res = await fetch(server.url + url, { headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - started);
      bytes = Buffer.byteLength(body);
    }
    return { name: url.replace(/\d+/g, "N"), bytes, ms: median(times) };
  };
  return {
    count: urls.length,
    measure,
    async stop() {
      await server.stop();
      fs.rmSync(store.dir, { recursive: true, force: true });
    },
  };
}

console.log("\n== The catalogue editor and the coupons screen, one request at a time ==");
const [small, large] = [await prepare(SIZES[0]), await prepare(SIZES[1])];
try {
  // Warm up, then each URL at both sizes back to back, so that the machine's pace is the same for both.
  for (let i = 0; i < small.count; i++) for (const store of [small, large]) await store.measure(i);
  const ratios = new Map<string, { bytes: number; time: number[]; ms: [number, number][] }>();
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\n  Round ${round} of ${ROUNDS}: p50 of ${REQUESTS} requests`);
    for (let i = 0; i < small.count; i++) {
      const base = await small.measure(i);
      const big = await large.measure(i);
      const entry = ratios.get(base.name) ?? { bytes: big.bytes / base.bytes, time: [], ms: [] };
      entry.time.push(big.ms / base.ms);
      entry.ms.push([base.ms, big.ms]);
      ratios.set(base.name, entry);
      console.log(
        `    ${base.name.padEnd(52)} ${SIZES[0]}x ${(base.bytes / 1024).toFixed(1).padStart(6)} KB ${base.ms.toFixed(1).padStart(6)} ms   ${SIZES[1]}x ${(big.bytes / 1024).toFixed(1).padStart(6)} KB ${big.ms.toFixed(1).padStart(6)} ms`,
      );
    }
  }
  console.log(`\n== ${SIZES[1]}x / ${SIZES[0]}x (median of the rounds' ratios) ==`);
  for (const [name, entry] of ratios) {
    const time = median(entry.time);
    const met = entry.bytes <= TARGETS.bytes && time <= TARGETS.time;
    console.log(
      `  ${met ? "met   " : "MISSED"} ${name.padEnd(52)} bytes ${entry.bytes.toFixed(2)} (<= ${TARGETS.bytes}), time ${time.toFixed(2)} (<= ${TARGETS.time}); rounds ${entry.time.map((r) => r.toFixed(2)).join(", ")}`,
    );
    if (!met)
      failures.push(`${name}: bytes ${entry.bytes.toFixed(2)}, time ${time.toFixed(2)} at ${SIZES[1]}x / ${SIZES[0]}x`);
  }
} finally {
  await Promise.all([small.stop(), large.stop()]);
}
if (failures.length) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else console.log("\nThe catalogue editor's and the coupons screen's cost is flat in the catalogue's size.");
