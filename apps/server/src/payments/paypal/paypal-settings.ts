import type { FastifyInstance } from "fastify";

/** The credentials the built-in emulator accepts (PAYMENTS=emulator). */
export const PAYPAL_EMULATOR_CREDENTIALS = {
  clientId: "emulator-client",
  clientSecret: "emulator-secret",
  webhookId: "WH-EMULATOR",
} as const;

export const PAYPAL_EMULATOR_PATH = "/emulator/paypal";

const HOSTS = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" } as const;

export interface PaypalSettings {
  /** Read at call time: in emulator mode the port is only known once the server listens (tests use port 0). */
  baseUrl: () => string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export function paypalSettings(app: FastifyInstance): PaypalSettings {
  const { config } = app;
  if (config.payments === "emulator") {
    return { baseUrl: () => `${localOrigin(app)}${PAYPAL_EMULATOR_PATH}`, ...PAYPAL_EMULATOR_CREDENTIALS };
  }
  return {
    baseUrl: () => HOSTS[config.paypal.env],
    clientId: config.paypal.clientId ?? "",
    clientSecret: config.paypal.clientSecret ?? "",
    webhookId: config.paypal.webhookId ?? "",
  };
}

/**
 * This process's own HTTP origin, for server-to-server calls to the emulator:
 * PUBLIC_URL may name a proxy or a host name this machine cannot resolve.
 */
export function localOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") {
    throw new Error("The server is not listening on a TCP port, so the payment emulator cannot be called.");
  }
  const host =
    address.address === "0.0.0.0" || address.address === "::"
      ? "127.0.0.1"
      : address.family === "IPv6"
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
