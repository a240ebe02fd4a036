import type { EmulatorRecords } from "./records.ts";

/** What each provider's plugin (stripe.ts, paypal.ts, payu.ts) is given by the app (app.ts). */
export interface EmulatorOptions {
  records: EmulatorRecords;
  /** The store's origin, for what a provider sends it directly (webhooks). */
  storeUrl: () => string;
  currency: string;
}
