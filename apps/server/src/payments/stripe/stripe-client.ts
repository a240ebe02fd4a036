import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import type { Config } from "../../env.ts";
import { ownAddress } from "../../lib/own-address.ts";
import { ProviderUnavailableError } from "../gateway.ts";

/**
 * The emulator's keys (PAYMENTS=emulator). They look like test-mode keys and
 * are valid nowhere but in this store's own emulator.
 */
export const EMULATOR_SECRET_KEY = "sk_test_emulator";
export const EMULATOR_WEBHOOK_SECRET = "whsec_emulator";

const clients = new WeakMap<FastifyInstance, { key: string; stripe: Stripe }>();

/**
 * The official Stripe library: the real Stripe with PAYMENTS=live, otherwise
 * the same library pointed at this server's own emulator, so the adapter runs
 * unchanged against both.
 */
export function stripeClient(app: FastifyInstance): Stripe {
  const { config } = app;
  if (config.payments === "live") {
    const secretKey = config.stripe.secretKey;
    if (!secretKey) throw new ProviderUnavailableError("STRIPE_SECRET_KEY is not set");
    return cached(app, secretKey, () => new Stripe(secretKey));
  }
  // Read per call: the port is only known once the server listens (tests listen on port 0).
  const { host, port } = emulatorAddress(app);
  return cached(
    app,
    `${host}:${port}`,
    () =>
      new Stripe(EMULATOR_SECRET_KEY, {
        host,
        port,
        protocol: "http",
        // Retrying a call to ourselves only doubles the wait.
        maxNetworkRetries: 0,
        timeout: 10_000,
      }),
  );
}

export function webhookSecret(config: Config): string {
  if (config.payments === "emulator") return EMULATOR_WEBHOOK_SECRET;
  if (!config.stripe.webhookSecret) throw new ProviderUnavailableError("STRIPE_WEBHOOK_SECRET is not set");
  return config.stripe.webhookSecret;
}

/** This server's own address; unreachable (not listening) is a Stripe outage to the caller. */
function emulatorAddress(app: FastifyInstance) {
  try {
    return ownAddress(app);
  } catch (error) {
    throw new ProviderUnavailableError((error as Error).message);
  }
}

function cached(app: FastifyInstance, key: string, create: () => Stripe): Stripe {
  const entry = clients.get(app);
  if (entry?.key === key) return entry.stripe;
  const stripe = create();
  clients.set(app, { key, stripe });
  return stripe;
}
