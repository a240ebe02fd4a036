import type { FastifyInstance } from "fastify";

/** The key and salt the built-in emulator accepts (PAYMENTS=emulator). */
export const PAYU_EMULATOR_CREDENTIALS = { key: "emulator-key", salt: "emulator-salt" } as const;

export const PAYU_EMULATOR_PATH = "/emulator/payu";

const HOSTS = {
  test: {
    action: "https://test.payu.in/_payment",
    postservice: "https://test.payu.in/merchant/postservice.php?form=2",
  },
  live: {
    action: "https://secure.payu.in/_payment",
    postservice: "https://info.payu.in/merchant/postservice.php?form=2",
  },
} as const;

export interface PayuSettings {
  key: string;
  salt: string;
  /** Where the learner's browser posts the payment form. */
  actionUrl: string;
  /** The server-to-server API (refunds); read at call time, since the emulator's port is known only once listening. */
  postserviceUrl: () => string;
}

export function payuSettings(app: FastifyInstance): PayuSettings {
  const { config } = app;
  if (config.payments === "emulator") {
    return {
      ...PAYU_EMULATOR_CREDENTIALS,
      // The browser posts here, so it is the public address, not this process's own.
      actionUrl: `${config.publicUrl}${PAYU_EMULATOR_PATH}/_payment`,
      postserviceUrl: () => `${ownOrigin(app)}${PAYU_EMULATOR_PATH}/merchant/postservice.php?form=2`,
    };
  }
  const hosts = HOSTS[config.payu.env];
  return {
    key: config.payu.key ?? "",
    salt: config.payu.salt ?? "",
    actionUrl: hosts.action,
    postserviceUrl: () => hosts.postservice,
  };
}

function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") {
    throw new Error("The server is not listening on a TCP port, so the PayU emulator cannot be called.");
  }
  const host =
    address.address === "0.0.0.0" || address.address === "::"
      ? "127.0.0.1"
      : address.family === "IPv6"
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
