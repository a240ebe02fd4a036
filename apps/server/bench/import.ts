// `npm run bench:import -w apps/server`: the store imports a catalogue 100
// times the demo's with its media inline (2,400 artefacts, 8,200 articles,
// about 3,200 images and PDFs as base64: 150 MB of JSON) through
// POST /api/admin/catalogue/import, the file streamed as the request body, on
// the embedded PGlite and on PostgreSQL when one answers. Printed for each
// round: the server's RSS when idle (started, nothing imported), its peak
// during the import, the ratio, and how long it took. Target: the peak at
// most 1.5 times the idle RSS. Exit 1 when it is missed.
// BENCH_IMPORT_FACTOR changes the size (default 100), BENCH_ROUNDS the rounds
// (default 2: an empty store filled; from the second on, the import replaces
// the catalogue the one before wrote).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/db/client.ts";
import { createBenchAdmin, freshPostgres, rssMb, startBenchServer, watchRss } from "./bench-server.ts";
import { writeCatalogueFile } from "./generate-catalogue.ts";

const FACTOR = Number(process.env.BENCH_IMPORT_FACTOR ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET_RATIO = 1.5;

const failures: string[] = [];

/** An empty store's database (migrated) with an admin: the admin's bearer token. */
async function prepare(databaseUrl: string | undefined, dataDir: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    return await createBenchAdmin(database);
  } finally {
    await database.close();
  }
}

/** POSTs a file as the request body, streamed, with no time limit (fetch gives up on headers after 5 minutes). */
function postFile(
  url: string,
  file: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (piece: string) => {
        body += piece;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    fs.createReadStream(file).pipe(request);
  });
}

async function bench(label: string, file: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-import-"));
  const token = await prepare(databaseUrl, dataDir);
  const server = await startBenchServer(
    { SEED: "none", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    dataDir,
  );
  try {
    // Settled after start-up: the idle figure is the mean of a second's samples. With several processes
    // (PostgreSQL), one of them imports: each is compared with its own idle figure, and the worst counts.
    await new Promise((r) => setTimeout(r, 2000));
    const servers = server.servers();
    const idleSamples: number[][] = servers.map(() => []);
    for (let i = 0; i < 10; i++) {
      for (const [k, pid] of servers.entries()) idleSamples[k]?.push(rssMb(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
    const idles = idleSamples.map((samples) => samples.reduce((a, b) => a + b, 0) / samples.length);
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const watched = await watchRss(servers, async () => {
        const res = await postFile(`${server.url}/api/admin/catalogue/import`, file, {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        });
        return { ok: res.status === 200, answer: JSON.parse(res.body) as { status: boolean; message: string } };
      });
      const ratios = servers.map((_, k) => (watched.peak[k] ?? 0) / (idles[k] ?? 1));
      const worst = ratios.indexOf(Math.max(...ratios));
      const [ratio, idle, before, peak] = [
        ratios[worst] ?? 0,
        idles[worst] ?? 0,
        watched.before[worst] ?? 0,
        watched.peak[worst] ?? 0,
      ];
      const { result } = watched;
      const { ok, answer } = result;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${label.padEnd(22)} round ${round}: ${servers.length > 1 ? `the importing process of ${servers.length}: ` : ""}RSS ${idle.toFixed(0)} MB idle, ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak (${ratio.toFixed(2)}x idle); ${seconds.toFixed(1)} s; ${answer.message}`,
      );
      if (!ok || !answer.status) failures.push(`${label} round ${round}: the import failed: ${answer.message}`);
      if (ratio > TARGET_RATIO) {
        failures.push(
          `${label} round ${round}: peak memory ${ratio.toFixed(2)}x the idle server's (target at most ${TARGET_RATIO}x)`,
        );
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-import-file-"));
const file = path.join(dir, `catalogue-${FACTOR}x.json`);
try {
  const written = await writeCatalogueFile(FACTOR, file, { media: true });
  console.log(
    `Import of a ${FACTOR}x catalogue with media: ${written.artefacts} artefacts, ${written.contents} articles, ${(written.bytes / 1e6).toFixed(1)} MB of JSON, ${ROUNDS} rounds per database`,
  );
  await bench("PGlite", file);
  const postgres = await freshPostgres();
  if (postgres) {
    try {
      await bench("PostgreSQL", file, postgres.url);
    } finally {
      await postgres.drop();
    }
  } else {
    console.log("PostgreSQL             skipped: no PostgreSQL server answers (set BENCH_DATABASE_URL)");
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`\nMissed targets:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("\nThe import target is met.");
process.exit(0);
