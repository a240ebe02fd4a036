import { buildApp } from "./app.ts";
import { seedDemoIfEmpty } from "./catalogue/seed-demo.ts";
import { openDatabase } from "./db/client.ts";
import type { Config } from "./env.ts";
import { MediaStore } from "./media/media-store.ts";
import { closeOnSignal } from "./shutdown.ts";

/** One store process (server.ts): the database, the demo seed if asked, the app on its port until a signal. */
export async function serve(config: Config): Promise<void> {
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
