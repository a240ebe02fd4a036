import { buildApp } from "./app.ts";
import { seedDemoIfEmpty } from "./catalogue/seed-demo.ts";
import { openDatabase } from "./db/client.ts";
import type { RunningEmulators } from "./emulator-mode.ts";
import type { Config } from "./env.ts";
import { MediaStore } from "./media/media-store.ts";
import { closeOnSignal } from "./shutdown.ts";

/**
 * One store process (server.ts): the database, the demo seed if asked, the app on its port until a signal.
 * The payment emulators, when this process runs them, close with the store.
 */
export async function serve(config: Config, emulators: RunningEmulators | null = null): Promise<number> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const media = MediaStore.fromConfig(database.db, config.media, (error, what) => console.error(what, error));
  if (config.seed === "demo") {
    const seeded = await seedDemoIfEmpty(database, config.storeCurrency, media);
    if (seeded) {
      console.log(`Seeded the demo catalogue: ${seeded.artefacts} artefacts, ${seeded.contents} articles.`);
    }
  }
  const app = await buildApp({ config, database, media });
  if (emulators) app.addCloser("the payment emulators", () => emulators.close());
  closeOnSignal({ app, database, graceMs: config.shutdownGraceMs });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Skillshelf is serving ${config.publicUrl}`);
  const address = app.server.address();
  return typeof address === "object" && address ? address.port : config.port;
}
