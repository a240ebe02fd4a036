import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The store as npm start runs it (bench/server.ts), in its own process, seeded
 * with the demo unless `env` says otherwise. Without `dataDir` it gets a fresh
 * one, removed when it stops; a given one is left for the caller.
 */
export async function startBenchServer(env: Record<string, string>, dataDir?: string) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const url = `http://127.0.0.1:${port}`;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-bench-"));
  const child = fork(path.join(import.meta.dirname, "server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dir,
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
    pid: child.pid ?? 0,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
