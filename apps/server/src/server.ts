import { buildApp } from "./app.ts";
import { seedDemoIfEmpty } from "./catalogue/seed-demo.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { MediaStore } from "./media/media-store.ts";
import { closeOnSignal } from "./shutdown.ts";

async function main() {
  const config = loadConfig();
  // React and React Router pick their production builds from NODE_ENV when the page build is loaded.
  process.env.NODE_ENV = config.nodeEnv;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const media = MediaStore.fromConfig(database.db, config.media, (error, what) => console.error(what, error));
  if (config.seed === "demo") {
    const seeded = await seedDemoIfEmpty(database, config.storeCurrency, media);
    if (seeded) {
      console.log(`Seeded the demo catalogue: ${seeded.artefacts} artefacts, ${seeded.contents} articles.`);
    }
  }
  const app = await buildApp({ config, database, media });
  closeOnSignal({ app, database, graceMs: config.shutdownGraceMs });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Skillshelf is serving ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Skillshelf could not start:", error);
  }
  process.exit(1);
});
