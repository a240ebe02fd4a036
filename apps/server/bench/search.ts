// Search (issue 13): the time of one GET /api/search on a catalogue N times the demo's,
// p50 per query over a set of typical queries (whole words, prefixes being typed, two words,
// no match), and of the suggestions the header asks for while typing. Target: p50 <= 20 ms
// per query on the 100x catalogue (2,400 artefacts, 8,000 articles). The catalogue keeps the
// results of the queries searched lately (CatalogueService.search): each search timed here is
// a query's first since the catalogue changed, so it is searched in the database.
//
//   npm run bench:search -w apps/server                    # 100x on PGlite
//   BENCH_SEARCH_SIZE=1 npm run bench:search -w apps/server
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:search -w apps/server
import { performance } from "node:perf_hooks";
import { createTestStore } from "../test/helpers/app.ts";
import { generateCatalogue } from "./generate-catalogue.ts";

const SIZE = Number(process.env.BENCH_SEARCH_SIZE ?? 100);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 25);
const TARGET_P50_MS = 20;
const QUERIES = ["docker", "kube", "git branch", "network", "con", "sql join", "python", "securi", "deploy", "zzqxwv"];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const generated = await generateCatalogue(SIZE);
const store = await createTestStore();
const failures: string[] = [];
try {
  const started = performance.now();
  await store.importCatalogue(generated.file);
  console.log(
    `Search on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}, catalogue ${SIZE}x the demo: ` +
      `${generated.artefacts} artefacts, ${generated.contents} articles (imported in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const time = async (url: string) => {
    // The kept results go, as when the catalogue changes.
    store.app.catalogue.invalidate();
    const t = performance.now();
    const response = await store.app.inject(url);
    const ms = performance.now() - t;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return ms;
  };
  for (const [name, path] of [
    ["search", "/api/search?q="],
    ["suggestions", "/api/search/suggestions?q="],
  ] as const) {
    const p50s: number[] = [];
    for (const query of QUERIES) {
      const url = path + encodeURIComponent(query);
      await time(url); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await time(url));
      const p50 = median(runs);
      p50s.push(p50);
      console.log(`  ${name.padEnd(12)} ${JSON.stringify(query).padEnd(14)} p50 ${p50.toFixed(1).padStart(6)} ms`);
      if (p50 > TARGET_P50_MS)
        failures.push(`${SIZE}x ${name} ${JSON.stringify(query)}: p50 ${p50.toFixed(1)} ms > ${TARGET_P50_MS} ms`);
    }
    console.log(
      `  ${name}: worst p50 ${Math.max(...p50s).toFixed(1)} ms, median p50 ${median(p50s).toFixed(1)} ms (target <= ${TARGET_P50_MS} ms)`,
    );
  }
} finally {
  await store.close();
}
if (failures.length > 0) {
  console.log(`\nMissed targets:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else console.log("\nSearch targets met.");
