import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { superviseWorkers } from "./workers.ts";

async function main() {
  const config = loadConfig();
  // React and React Router pick their production builds from NODE_ENV when the page build is loaded.
  process.env.NODE_ENV = config.nodeEnv;
  // With several processes, this one only supervises them (workers.ts) and loads nothing else.
  const supervising = superviseWorkers(config.workers, {
    onReady: () => console.log(`Skillshelf runs ${config.workers} processes on ${config.publicUrl}`),
  });
  if (supervising) return;
  const { serve } = await import("./serve.ts");
  await serve(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Skillshelf could not start:", error);
  }
  process.exit(1);
});
