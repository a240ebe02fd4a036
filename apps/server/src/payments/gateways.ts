import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import type { PaymentProvider } from "../db/schema/index.ts";
import type { Config } from "../env.ts";
import type { Clock } from "../lib/clock.ts";
import type { VatNumberCheck } from "../tax/billing.ts";
import { viesClient } from "../tax/vies.ts";
import type { PaymentGateway, WebhookResult } from "./gateway.ts";
import { paypalGateway } from "./paypal/paypal-gateway.ts";
import { payuGateway } from "./payu/payu-gateway.ts";
import type { ProviderSettings } from "./provider-settings.ts";
import { stripeGateway } from "./stripe/stripe-gateway.ts";

/** What every payment step needs: the database, the three gateways, a log and the store's clock. */
export interface Payments {
  db: Db;
  gateways: Record<PaymentProvider, PaymentGateway>;
  /** Verifies and reads PayU's POST-back, which comes through the learner's browser. */
  readPayuPostback: (fields: Record<string, string>) => WebhookResult;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Asks VIES whether a business buyer's VAT number is registered. */
  checkVatNumber: VatNumberCheck;
}

/** The three providers, each behind the one PaymentGateway seam, at the addresses resolved at start-up. */
export function createPayments(deps: {
  config: Config;
  providers: ProviderSettings;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
}): Payments {
  const { config, providers, db, log, clock } = deps;
  const { publicUrl, storeCurrency } = config;
  const payu = payuGateway(providers.payu, { publicUrl, storeCurrency });
  return {
    db,
    gateways: {
      stripe: stripeGateway(providers.stripe, { publicUrl }),
      paypal: paypalGateway(providers.paypal, { publicUrl, log }),
      payu: payu.gateway,
    },
    readPayuPostback: payu.readPostback,
    log,
    clock,
    checkVatNumber: viesClient(providers.vies.apiBase, log),
  };
}
