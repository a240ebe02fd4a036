import Fastify, { type FastifyInstance, LogController } from "fastify";
import { paypalEmulator } from "./paypal.ts";
import { payuEmulator } from "./payu.ts";
import type { EmulatorOptions } from "./plugin-options.ts";
import { EmulatorRecords } from "./records.ts";
import { stripeEmulator } from "./stripe.ts";
import { viesEmulator } from "./vies.ts";

export interface EmulatorsOptions {
  /**
   * Where the emulators reach the store for what a provider sends it
   * directly (Stripe's and PayPal's webhooks), as the endpoint registered
   * with a provider. A function when the store's port is known only later.
   */
  storeUrl: string | (() => string);
  /** The merchant account's currency (PayU's form carries none): the store's. Default GBP. */
  currency?: string;
  /** Keep the records in this file across restarts; by default they live in memory only. */
  stateFile?: string;
  /** Fastify's logger option; silent by default. */
  logger?: boolean | { level: string };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The emulators' state, for tests that look behind a provider's back. */
    emulatorRecords: EmulatorRecords;
  }
}

/**
 * The three payment providers, emulated (CONTRACT.md section 5): Stripe's API
 * at /v1 and its hosted checkout, PayPal under /emulator/paypal, PayU under
 * /emulator/payu, and the EU's VIES under /emulator/vies. An app of its own, on its own origin, as the real providers
 * are: it knows the store only by its URL.
 */
export async function buildEmulators(options: EmulatorsOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Beside the store, the store's log tells the requests; the emulators tell only what goes wrong.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // They close after the store, which has answered its own calls to them by then: a browser's
    // spare connection to their pages must not hold the store's stop until its grace period.
    forceCloseConnections: true,
  });
  const records = new EmulatorRecords(options.stateFile);
  const { storeUrl } = options;
  const shared: EmulatorOptions = {
    records,
    storeUrl: () => (typeof storeUrl === "function" ? storeUrl() : storeUrl).replace(/\/+$/, ""),
    currency: options.currency ?? "GBP",
  };
  app.decorate("emulatorRecords", records);
  app.addHook("onClose", () => records.flush());
  app.get("/emulator/health", async () => ({ status: true, message: "Payments are emulated." }));
  await app.register(stripeEmulator, shared);
  await app.register(paypalEmulator, shared);
  await app.register(payuEmulator, shared);
  await app.register(viesEmulator, shared);
  return app;
}

/** The origin an app listening on `address` is reached at: loopback when it listens on every interface. */
export function originOf(address: ReturnType<FastifyInstance["server"]["address"]>): string {
  if (!address || typeof address === "string") throw new Error("The emulators are not listening on a TCP port.");
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}
