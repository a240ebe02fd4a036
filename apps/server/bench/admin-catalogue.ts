// `npm run bench:admin`: the catalogue editor (/admin/catalogue and GET /api/admin/catalogue) on
// catalogues 10 and 100 times the demo's (60 and 600 parent categories), one request at a time,
// on the embedded database. A page of the editor holds 20 parents whatever the catalogue holds, so
// its bytes and its time should be flat from 10x to 100x; before it was paged, the 100x editor was
// 40 MB of HTML and took 5-6 s.
//
// BENCH_ROUNDS   rounds of each measurement (default 2)
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { openDatabase } from "../src/db/client.ts";
import { categories, contents } from "../src/db/schema/index.ts";
import { catalogueStore, createBenchAdmin, startBenchServer } from "./bench-server.ts";

const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 2));
const REQUESTS = 30;
const SIZES = [10, 100] as const;
const TARGETS = { bytes: 1.2, time: 1.5 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const failures: string[] = [];

if (!fs.existsSync(new URL("../../web/build/server/index.js", import.meta.url))) {
  console.error("The web app is not built: run npm run build first (npm run bench does).");
  process.exit(1);
}

/** Each request's bytes, and the median time of REQUESTS of them one after another, per round. */
type Figures = Map<string, { bytes: number; ms: number[] }>;

async function measure(size: number): Promise<Figures> {
  const store = await catalogueStore(size);
  console.log(
    `\n== ${size}x the demo: ${store.written.parents} parent categories, ${store.written.contents} articles ==`,
  );
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
  const get = async (url: string) => {
    const started = performance.now();
    const res = await fetch(server.url + url, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return { bytes: Buffer.byteLength(body), ms: performance.now() - started };
  };
  const urls = [
    "/admin/catalogue",
    `/admin/catalogue?open=${docker?.id}&edit=content-${article?.id}`,
    `/admin/catalogue?edit=content-${article?.id}&related=basics`,
    "/admin/catalogue?search=docker",
    "/api/admin/catalogue",
  ];
  const figures: Figures = new Map();
  try {
    for (const url of urls) for (let i = 0; i < 5; i++) await get(url);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const url of urls) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < REQUESTS; i++) {
          const got = await get(url);
          times.push(got.ms);
          bytes = got.bytes;
        }
        const entry = figures.get(url) ?? { bytes, ms: [] };
        entry.ms.push(median(times));
        figures.set(url, entry);
        console.log(
          `  round ${round}  ${url.replace(/\d+/g, "N").padEnd(52)} ${(bytes / 1024).toFixed(1).padStart(7)} KB  p50 ${median(times).toFixed(1).padStart(6)} ms`,
        );
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(store.dir, { recursive: true, force: true });
  }
  return figures;
}

const [small, large] = [await measure(SIZES[0]), await measure(SIZES[1])];
console.log(`\n== ${SIZES[1]}x / ${SIZES[0]}x (medians of ${ROUNDS} rounds) ==`);
for (const [url, big] of large) {
  const base = small.get(url);
  if (!base) continue;
  const bytes = big.bytes / base.bytes;
  const time = median(big.ms) / median(base.ms);
  const name = url.replace(/\d+/g, "N");
  const met = bytes <= TARGETS.bytes && time <= TARGETS.time;
  console.log(
    `  ${met ? "met   " : "MISSED"} ${name.padEnd(52)} bytes ${bytes.toFixed(2)} (<= ${TARGETS.bytes}), time ${time.toFixed(2)} (<= ${TARGETS.time}): ${median(base.ms).toFixed(1)} -> ${median(big.ms).toFixed(1)} ms`,
  );
  if (!met) failures.push(`${name}: bytes ${bytes.toFixed(2)}, time ${time.toFixed(2)} at ${SIZES[1]}x / ${SIZES[0]}x`);
}
if (failures.length) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else console.log("\nThe catalogue editor's cost is flat in the catalogue's size.");
