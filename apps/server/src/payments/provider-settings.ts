import {
  PAYPAL_EMULATOR_CREDENTIALS,
  PAYPAL_EMULATOR_PATH,
  PAYU_EMULATOR_CREDENTIALS,
  PAYU_EMULATOR_PATH,
  STRIPE_EMULATOR_KEYS,
  VIES_EMULATOR_PATH,
} from "@skillshelf/shared/payment-emulators.ts";
import type { Config } from "../env.ts";

export interface StripeSettings {
  /** The API's root, e.g. https://api.stripe.com. */
  apiBase: string;
  /** Unset only when the keys were not configured; every call then fails as an outage. */
  secretKey: string | undefined;
  webhookSecret: string | undefined;
}

export interface PaypalSettings {
  /** The REST API's root, e.g. https://api-m.sandbox.paypal.com. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export interface PayuSettings {
  key: string;
  salt: string;
  /** Where the learner's browser posts the payment form. */
  actionUrl: string;
  /** The server-to-server API (verify_payment, refunds). */
  postserviceUrl: string;
}

/** Every provider's address and credentials, resolved once at start-up; VIES answers VAT-number checks. */
export interface ProviderSettings {
  stripe: StripeSettings;
  paypal: PaypalSettings;
  payu: PayuSettings;
  vies: { apiBase: string };
}

const VIES_API = "https://ec.europa.eu/taxation_customs/vies/rest-api";

const PAYPAL_HOSTS = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" } as const;

const PAYU_HOSTS = {
  test: {
    action: "https://test.payu.in/_payment",
    postservice: "https://test.payu.in/merchant/postservice.php?form=2",
  },
  live: {
    action: "https://secure.payu.in/_payment",
    postservice: "https://info.payu.in/merchant/postservice.php?form=2",
  },
} as const;

const payuAt = (base: string) => ({
  action: `${base}/_payment`,
  postservice: `${base}/merchant/postservice.php?form=2`,
});

/**
 * Where the store reaches each provider, and with which keys. PAYMENTS=live:
 * the providers' own hosts and the configured keys. PAYMENTS=emulator: the
 * emulators' origin (config.emulators.origin) and
 * their test keys. STRIPE_API_BASE, PAYPAL_API_BASE, PAYU_BASE and VIES_API_BASE override
 * the address in either mode. The adapters use what this returns and nothing
 * else, so they run unchanged against both.
 */
export function providerSettings(config: Config): ProviderSettings {
  if (config.payments === "emulator") {
    const { origin } = config.emulators;
    const need = (explicit: string | undefined, path: string) => explicit ?? `${origin}${path}`;
    return {
      stripe: { apiBase: need(config.stripe.apiBase, ""), ...STRIPE_EMULATOR_KEYS },
      paypal: { baseUrl: need(config.paypal.apiBase, PAYPAL_EMULATOR_PATH), ...PAYPAL_EMULATOR_CREDENTIALS },
      payu: {
        ...PAYU_EMULATOR_CREDENTIALS,
        ...rename(payuAt(need(config.payu.base, PAYU_EMULATOR_PATH))),
      },
      vies: { apiBase: need(config.viesApiBase, VIES_EMULATOR_PATH) },
    };
  }
  const payu = config.payu.base ? payuAt(config.payu.base) : PAYU_HOSTS[config.payu.env];
  return {
    stripe: {
      apiBase: config.stripe.apiBase ?? "https://api.stripe.com",
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
    },
    paypal: {
      baseUrl: config.paypal.apiBase ?? PAYPAL_HOSTS[config.paypal.env],
      clientId: config.paypal.clientId ?? "",
      clientSecret: config.paypal.clientSecret ?? "",
      webhookId: config.paypal.webhookId ?? "",
    },
    payu: { key: config.payu.key ?? "", salt: config.payu.salt ?? "", ...rename(payu) },
    vies: { apiBase: config.viesApiBase ?? VIES_API },
  };
}

const rename = (hosts: { action: string; postservice: string }) => ({
  actionUrl: hosts.action,
  postserviceUrl: hosts.postservice,
});
