import cluster from "node:cluster";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { EmulatorPortError, withEmulators } from "./emulator-mode.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { superviseWorkers } from "./workers.ts";

async function main() {
  const loaded = loadConfig();
  // React and React Router pick their production builds from NODE_ENV when the page build is loaded.
  process.env.NODE_ENV = loaded.nodeEnv;
  // PAYMENTS=emulator: the emulators start once, here (the primary), before any store process.
  let storePort = loaded.port;
  cluster.on("listening", (_worker, address) => {
    storePort = address.port;
  });
  const { config, emulators } = await withEmulators(loaded, () => storePort);
  // With several processes, this one only supervises them (workers.ts) and loads nothing else.
  const supervising = superviseWorkers(config.workers, {
    onReady: () => console.log(`Skillshelf runs ${config.workers} processes on ${config.publicUrl}`),
    // The workers find the emulators on the port they got.
    env: emulators ? { EMULATOR_PORT: String(emulators.port) } : {},
  });
  if (supervising) return;
  const { serve } = await import("./serve.ts");
  storePort = await serve(config, emulators);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmulatorPortError) {
    console.error(error.message);
  } else {
    console.error("Skillshelf could not start:", error);
  }
  process.exit(1);
});
