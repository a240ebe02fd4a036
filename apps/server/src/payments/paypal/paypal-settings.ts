import type { FastifyInstance } from "fastify";
import { ownAddress } from "../../lib/own-address.ts";

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
    return { baseUrl: () => `${ownAddress(app).origin}${PAYPAL_EMULATOR_PATH}`, ...PAYPAL_EMULATOR_CREDENTIALS };
  }
  return {
    baseUrl: () => HOSTS[config.paypal.env],
    clientId: config.paypal.clientId ?? "",
    clientSecret: config.paypal.clientSecret ?? "",
    webhookId: config.paypal.webhookId ?? "",
  };
}
