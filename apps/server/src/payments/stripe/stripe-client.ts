import Stripe from "stripe";
import { ProviderUnavailableError } from "../gateway.ts";
import type { StripeSettings } from "../provider-settings.ts";

/**
 * The official Stripe library, pointed at the settings' API root: the real
 * Stripe with PAYMENTS=live, the emulator otherwise, so the adapter runs
 * unchanged against both. Made once; null without a secret key.
 */
export function stripeClient(settings: StripeSettings): Stripe | null {
  if (!settings.secretKey) return null;
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const own = base.hostname !== "api.stripe.com" || protocol !== "https";
  return new Stripe(settings.secretKey, {
    ...(own
      ? {
          host: base.hostname.replace(/^\[|\]$/g, ""),
          port: base.port || (protocol === "http" ? 80 : 443),
          protocol,
          // Retrying a call to the emulator only doubles the wait.
          maxNetworkRetries: 0,
          timeout: 10_000,
        }
      : {}),
  });
}

export function webhookSecret(settings: StripeSettings): string {
  if (!settings.webhookSecret) throw new ProviderUnavailableError("STRIPE_WEBHOOK_SECRET is not set");
  return settings.webhookSecret;
}
