import type { FastifyInstance } from "fastify";
import { ownAddress } from "../../lib/own-address.ts";

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

/** The origin the learner's browser posts the PayU form to with PAYMENTS=live: the CSP must allow it. */
export function payuFormOrigin(env: "test" | "live"): string {
  return new URL(HOSTS[env].action).origin;
}

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
      postserviceUrl: () => `${ownAddress(app).origin}${PAYU_EMULATOR_PATH}/merchant/postservice.php?form=2`,
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
