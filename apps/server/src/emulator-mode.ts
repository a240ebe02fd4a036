import cluster from "node:cluster";
import path from "node:path";
import { type Config, emulatorsAt } from "./env.ts";

/*
 * PAYMENTS=emulator: the payment emulators (apps/emulators) run beside the
 * store, once per `npm start`: in this process when it serves alone, in the
 * primary when it supervises workers (each worker is told their port). They
 * are their own app on their own port, a different origin, as the real
 * providers are; the store reaches them only through the base URLs that
 * their origin fills in (payments/provider-settings.ts).
 */

export interface RunningEmulators {
  origin: string;
  port: number;
  close(): Promise<void>;
}

const WILDCARDS = new Set(["0.0.0.0", "::", ""]);

/** Where the emulators send the store what a provider sends directly (webhooks): its own address. */
function storeAddress(config: Config, port: () => number): () => string {
  const host = WILDCARDS.has(config.host) ? "127.0.0.1" : config.host;
  return () => `http://${host.includes(":") ? `[${host}]` : host}:${port()}`;
}

/**
 * In the primary process, starts the emulators on EMULATOR_PORT (default
 * PORT+1; if that one is taken and EMULATOR_PORT was not set, any free port)
 * and returns the configuration with the port they got; a worker finds them
 * on the port its primary passed down as EMULATOR_PORT.
 */
export async function withEmulators(
  config: Config,
  storePort: () => number = () => config.port,
): Promise<{ config: Config; emulators: RunningEmulators | null }> {
  if (config.payments !== "emulator") return { config, emulators: null };
  if (!cluster.isPrimary) return { config, emulators: null };
  const { buildEmulators } = await import("@skillshelf/emulators/app.ts");
  const app = await buildEmulators({
    storeUrl: storeAddress(config, storePort),
    currency: config.storeCurrency,
    stateFile: path.join(config.dataDir, "emulators.json"),
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
  });
  const listen = (port: number) => app.listen({ port, host: config.host });
  try {
    await listen(config.emulators.port);
  } catch (error) {
    const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    if (!taken) throw error;
    if (config.emulators.portGiven) {
      await app.close();
      throw new EmulatorPortError(`Invalid EMULATOR_PORT (${config.emulators.port}): the port is in use`);
    }
    await listen(0);
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.emulators.port;
  const emulators = emulatorsAt(config, port, config.emulators.portGiven);
  console.log(`The payment emulators are serving ${emulators.origin}`);
  return {
    config: { ...config, emulators },
    emulators: { origin: emulators.origin, port, close: () => app.close() },
  };
}

export class EmulatorPortError extends Error {}

/**
 * For `npm run admin -- reconcile` in emulator mode: the emulators of the
 * running store if they answer at EMULATOR_PORT; otherwise (the store is
 * stopped, as it must be to free the embedded database) the same emulators
 * started here, on a private port, from the records the store's left in
 * DATA_DIR, for as long as the command runs.
 */
export async function reconcileEmulators(
  config: Config,
): Promise<{ config: Config; emulators: RunningEmulators | null }> {
  if (config.payments !== "emulator") return { config, emulators: null };
  const answering = await fetch(`${config.emulators.origin}/emulator/health`, {
    signal: AbortSignal.timeout(2000),
  }).then(
    (response) => response.ok,
    () => false,
  );
  if (answering) return { config, emulators: null };
  return withEmulators({ ...config, host: "127.0.0.1", emulators: emulatorsAt(config, 0, false) });
}
