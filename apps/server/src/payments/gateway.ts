import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import type { CheckoutHandoff, PaymentProvider } from "../db/schema/index.ts";
import type { Charge } from "./quote.ts";

/**
 * What a provider says about one checkout. "open": the learner can still pay,
 * or the provider is still deciding (a capture under review). Every other
 * state is final.
 */
export type ProviderOutcome =
  | {
      state: "paid";
      amountMinor: number;
      currency: string;
      transactionId: string;
      /** The country the payer gave the provider (Stripe's billing address, PayPal's account), when it says. */
      payerCountry?: string | null;
    }
  | { state: "open" }
  | { state: "failed" }
  | { state: "cancelled" }
  | { state: "expired" };

export interface Buyer {
  userId: number;
  name: string;
  email: string;
  phone: string;
  /** The learner's language: the provider's page speaks it. */
  language: LanguageCode;
}

/** A verified notification from the provider about one of our checkouts. */
export type WebhookResult =
  | { kind: "unverified" }
  | { kind: "ignored"; note: string }
  | { kind: "outcome"; providerRef: string; outcome: ProviderOutcome; note: string };

/**
 * One payment provider behind one seam (in the spirit of Medusa's payment
 * providers): checkout, return, webhook, refund and the reconciler all talk
 * to Stripe, PayPal and PayU through this, and never branch on the provider.
 * A call that cannot reach the provider, or that the provider fails,
 * throws ProviderUnavailableError: nothing was decided, try again later.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Shown to the learner when the provider cannot be reached. */
  readonly unavailableMessage: string;
  /** How long the provider keeps an unpaid checkout payable; after it, the reconciler closes it. */
  readonly checkoutLifetimeMs: number;

  /** Creates the provider's side of a checkout for the server's quote. `reference` is ours, unique per payment. */
  createCheckout(input: {
    reference: string;
    quote: Charge;
    buyer: Buyer;
    now: Date;
  }): Promise<{ providerRef: string; checkout: CheckoutHandoff }>;

  /**
   * Asks the provider how the checkout stands, finishing it where the
   * provider needs a last call from the merchant (PayPal: capture an order
   * the payer approved). Safe to repeat.
   */
  fetchOutcome(providerRef: string): Promise<ProviderOutcome>;

  /**
   * Makes sure the checkout can no longer be paid (Stripe: expire the
   * session; PayPal: it is never captured; PayU: nothing can stop a posted
   * form, so the attempt is only marked superseded). Returns the outcome
   * after: "paid" when the payer was faster.
   */
  cancel(providerRef: string): Promise<ProviderOutcome>;

  /**
   * Refunds a payment in full, or `amountMinor` of it when `part` (a team order's unclaimed seats);
   * `key` names this refund, so a retry never pays twice. Returns the provider's refund id.
   */
  refund(input: {
    transactionId: string;
    amountMinor: number;
    currency: string;
    key: string;
    part?: boolean;
  }): Promise<string>;

  /** Verifies and reads a webhook delivery, when the provider sends them. */
  readWebhook?(input: {
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }): Promise<WebhookResult>;
}

/** The provider could not be reached, or failed a call that should have worked: nothing was decided. */
export class ProviderUnavailableError extends Error {}
