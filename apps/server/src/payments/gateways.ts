import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import type { PaymentProvider } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";
import type { PaymentGateway } from "./gateway.ts";
import { paypalGateway } from "./paypal/paypal-gateway.ts";
import { payuGateway } from "./payu/payu-gateway.ts";
import { stripeGateway } from "./stripe/stripe-gateway.ts";

/** What every payment step needs: the database, the three gateways, a log and the store's clock. */
export interface Payments {
  db: Db;
  gateways: Record<PaymentProvider, PaymentGateway>;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** The three providers, each behind the one PaymentGateway seam. */
export function createPayments(app: FastifyInstance): Payments {
  return {
    db: app.database.db,
    gateways: { stripe: stripeGateway(app), paypal: paypalGateway(app), payu: payuGateway(app).gateway },
    log: app.log,
    clock: app.clock,
  };
}
