import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import type { Config } from "../../env.ts";

/**
 * The emulator's keys (PAYMENTS=emulator). They look like test-mode keys and
 * are valid nowhere but in this store's own emulator.
 */
export const EMULATOR_SECRET_KEY = "sk_test_emulator";
export const EMULATOR_WEBHOOK_SECRET = "whsec_emulator";

/** Stripe could not be reached, or refused a call that should have worked: try again later. */
export class StripeUnavailableError extends Error {}

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
    if (!secretKey) throw new StripeUnavailableError("STRIPE_SECRET_KEY is not set");
    return cached(app, secretKey, () => new Stripe(secretKey));
  }
  // Read per call: the port is only known once the server listens (tests listen on port 0).
  const { host, port } = ownAddress(app);
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
  if (!config.stripe.webhookSecret) throw new StripeUnavailableError("STRIPE_WEBHOOK_SECRET is not set");
  return config.stripe.webhookSecret;
}

/**
 * Where this server can reach itself: the address it listens on, or loopback
 * when it listens on every interface.
 */
export function ownAddress(app: FastifyInstance): { host: string; port: number; origin: string } {
  const address = app.server.address();
  if (!address || typeof address === "string") {
    throw new StripeUnavailableError("The Stripe emulator is unreachable: the server is not listening on a TCP port.");
  }
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  return { host, port: address.port, origin };
}

function cached(app: FastifyInstance, key: string, create: () => Stripe): Stripe {
  const entry = clients.get(app);
  if (entry?.key === key) return entry.stripe;
  const stripe = create();
  clients.set(app, { key, stripe });
  return stripe;
}
