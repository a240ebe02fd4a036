import { buildEmulators, originOf } from "./app.ts";

/**
 * The emulators alone (`npm start -w apps/emulators`), for a store started
 * elsewhere: EMULATOR_PORT (default 3001), HOST (127.0.0.1), STORE_URL
 * (http://127.0.0.1:3000, where webhooks go), STORE_CURRENCY (GBP),
 * EMULATOR_STATE (a file to keep the records in). `npm start` of the store
 * runs them itself; this is for running them apart.
 */
const env = process.env;
const app = await buildEmulators({
  storeUrl: env.STORE_URL ?? "http://127.0.0.1:3000",
  currency: env.STORE_CURRENCY ?? "GBP",
  ...(env.EMULATOR_STATE ? { stateFile: env.EMULATOR_STATE } : {}),
  logger: { level: env.LOG_LEVEL ?? "info" },
});
await app.listen({ port: Number(env.EMULATOR_PORT ?? 3001), host: env.HOST ?? "127.0.0.1" });
app.log.info(`The payment emulators are serving ${originOf(app.server.address())}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
