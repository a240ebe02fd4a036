// `npm run bench:media -w apps/server`: four concurrent downloads of a 50 MB
// PDF from the store, on each storage driver (the database on the embedded
// PGlite, the database on PostgreSQL when one answers, and S3 through a local
// s3rver), printing the server process's memory (RSS) before and at its peak,
// and each download's time to first byte, each download on a thread of its
// own (download-worker.mjs). Targets: memory grows by at most
// 64 MB, first byte within 100 ms. Exit 1 when a target is missed.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { validateCatalogue } from "../src/catalogue/read-catalogue-file.ts";
import { replaceCatalogue } from "../src/catalogue/seed-demo.ts";
import { openDatabase } from "../src/db/client.ts";
import { renderCheatSheet } from "../src/seed/demo-media.ts";
import { S3_BUCKET, s3Env } from "../test/helpers/s3.ts";
import { createBenchAdmin, freshPostgres, startBenchServer, totalRssMb, watchRss } from "./bench-server.ts";

const FILE_MB = 50;
const CONCURRENT = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_GROWTH_MB = 64;
const TARGET_TTFB_MS = 100;
const MB = 1024 * 1024;

const failures: string[] = [];

/** A 50 MB PDF on disk (a real PDF's bytes, then padding), uploaded from there as a stream. */
async function writePdf(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-media-")), "big.pdf");
  const fd = fs.openSync(file, "w");
  fs.writeSync(
    fd,
    await renderCheatSheet({
      title: "Bench",
      summary: "A large document.",
      artefact: "Bench",
      parent: "Bench",
      html: "",
    }),
  );
  const block = randomBytes(MB);
  for (let i = 0; i < FILE_MB; i++) fs.writeSync(fd, block);
  fs.closeSync(fd);
  return file;
}

/** A fresh database with one free article and an admin session, ready before the store starts. */
async function prepare(databaseUrl: string | undefined, dataDir: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await replaceCatalogue(database, {
      file: validateCatalogue(
        {
          version: 1,
          categories: [
            {
              slug: "bench",
              name: "Bench",
              icon: "📚",
              single_line: "Bench",
              artefacts: [
                {
                  slug: "bench-docs",
                  name: "Bench docs",
                  icon: "📄",
                  single_line: "Free",
                  contents: [{ slug: "big", title: "Big", short_description: "", description: "<p>Big</p>" }],
                },
              ],
            },
          ],
        },
        "GBP",
      ),
      currency: "GBP",
    });
    return await createBenchAdmin(database);
  } finally {
    await database.close();
  }
}

interface Download {
  ttfb: number;
  /** For a redirect (S3), how long the store took to answer it. */
  storeMs: number | null;
  bytes: number;
}

/** Threads that each run one download at a time (download-worker.mjs), started before they are timed. */
const downloaders = Array.from(
  { length: CONCURRENT },
  () => new Worker(new URL("./download-worker.mjs", import.meta.url)),
);

function download(worker: Worker, url: string, headers: Record<string, string>): Promise<Download> {
  return new Promise((resolve, reject) => {
    worker.once("message", (answer: Download | { error: string }) =>
      "error" in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    worker.postMessage({ url, headers });
  });
}

async function bench(label: string, env: Record<string, string>, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-data-"));
  const token = await prepare(databaseUrl, dataDir);
  const server = await startBenchServer({ ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, dataDir);
  try {
    const auth = { authorization: `Bearer ${token}` };
    const content = async () =>
      (await (
        await fetch(`${server.url}/api/get-content`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ slug: "bench-docs", content: "big" }),
        })
      ).json()) as { data: { id: number; content_media: { path: string | null }[] } };
    const form = new FormData();
    form.append("file", await fs.openAsBlob(pdfFile, { type: "application/pdf" }), "big.pdf");
    const uploaded = await fetch(`${server.url}/api/admin/contents/${(await content()).data.id}/media`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const mediaPath = (await content()).data.content_media[0]?.path;
    if (!mediaPath) throw new Error("no media path");
    const url = server.url + mediaPath;
    // Warm up the route, the storage's reads, the JIT and the threads with a round of whole downloads (a
    // range of 1 KiB left the first round's paths cold), then let the upload's garbage go.
    await Promise.all(downloaders.map((worker) => download(worker, url, auth)));
    await new Promise((r) => setTimeout(r, 1000));

    for (let round = 1; round <= ROUNDS; round++) {
      // With several processes (PostgreSQL) the downloads spread over them: their memory counts together.
      const servers = server.servers();
      const watched = await watchRss(servers, () =>
        Promise.all(downloaders.map((worker) => download(worker, url, auth))),
      );
      const results = watched.result;
      const before = watched.before.reduce((a, b) => a + b, 0);
      const peak = watched.peak.reduce((a, b) => a + b, 0);
      const after = totalRssMb(servers);
      const sizes = new Set(results.map((r) => r.bytes));
      const ttfbs = results.map((r) => r.ttfb);
      const redirects = results.flatMap((r) => (r.storeMs === null ? [] : [r.storeMs]));
      const redirectNote = redirects.length
        ? ` (the store's redirect ${redirects.map((t) => t.toFixed(0)).join(" / ")} ms)`
        : "";
      const growth = peak - before;
      console.log(
        `${label.padEnd(22)} round ${round}: RSS${servers.length > 1 ? ` of ${servers.length} processes` : ""} ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak (+${growth.toFixed(0)} MB), ${after.toFixed(0)} MB after; first byte ${ttfbs.map((t) => t.toFixed(0)).join(" / ")} ms${redirectNote}; ${[...sizes].map((b) => (b / MB).toFixed(1)).join(", ")} MB each`,
      );
      if (sizes.size !== 1 || [...sizes][0] !== fs.statSync(pdfFile).size) {
        failures.push(`${label} round ${round}: a download was not the whole file`);
      }
      if (growth > TARGET_GROWTH_MB) {
        failures.push(
          `${label} round ${round}: memory grew ${growth.toFixed(0)} MB (target at most ${TARGET_GROWTH_MB})`,
        );
      }
      const slowest = Math.max(...ttfbs);
      if (slowest > TARGET_TTFB_MS) {
        failures.push(
          `${label} round ${round}: first byte after ${slowest.toFixed(0)} ms (target at most ${TARGET_TTFB_MS})`,
        );
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * s3rver (the tests' S3-compatible server) in its own process, so that the
 * bucket's work is not counted in this process, which reads the downloads.
 */
async function startS3Process(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-s3-"));
  const port = 4990 + Math.floor(Math.random() * 9);
  const bin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
  const child = spawn(
    process.execPath,
    [bin, "-d", directory, "-a", "127.0.0.1", "-p", String(port), "--silent", "--configure-bucket", S3_BUCKET],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (data: Buffer) => {
      if (data.toString().includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    env: s3Env(`http://127.0.0.1:${port}`),
    async close() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

const pdfFile = await writePdf();
console.log(`${CONCURRENT} concurrent downloads of a ${FILE_MB} MB PDF, ${ROUNDS} rounds per storage`);
try {
  await bench("database (PGlite)", {});
  const postgres = await freshPostgres();
  if (postgres) {
    try {
      await bench("database (PostgreSQL)", {}, postgres.url);
    } finally {
      await postgres.drop();
    }
  } else {
    console.log("database (PostgreSQL)  skipped: no PostgreSQL server answers (set BENCH_DATABASE_URL)");
  }
  const s3 = await startS3Process();
  try {
    await bench("s3 (s3rver)", s3.env);
  } finally {
    await s3.close();
  }
} finally {
  fs.rmSync(path.dirname(pdfFile), { recursive: true, force: true });
}

if (failures.length) {
  console.log(`\nMissed targets:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("\nAll media targets met.");
process.exit(0);
