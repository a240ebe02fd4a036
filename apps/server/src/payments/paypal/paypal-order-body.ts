import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { decimalAmount } from "@skillshelf/shared/money.ts";
import { isIsoCurrency, minorOfDecimalAmount } from "@skillshelf/shared/money-rules.ts";
import { type Charge, chargedMinor, lineName } from "../quote.ts";
import type { PaypalMoney, PaypalOrder } from "./paypal-client.ts";

/**
 * PayPal's money back in minor units of its own currency code; null for
 * anything that is not a plain amount with that currency's decimals ("19.99" GBP, "1200" JPY).
 */
export function minorOfPaypalMoney(money: PaypalMoney | undefined): number | null {
  return money && isIsoCurrency(money.currency_code) ? minorOfDecimalAmount(money.value, money.currency_code) : null;
}

const PAYPAL_LOCALES: Record<LanguageCode, string> = { en: "en-GB", es: "es-ES", fr: "fr-FR" };

// PayPal refuses longer names and descriptions.
const clip = (text: string, max = 127) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The Orders v2 create body, built only from the server's quote: the items are
 * the cart's lines at what is paid for each (price less credit and discount), summing to the amount.
 */
export function paypalOrderBody(
  quote: Charge,
  options: { reference: string; returnUrl: string; cancelUrl: string; brandName: string; language: LanguageCode },
) {
  const amount = (minor: number) => ({ currency_code: quote.currency, value: decimalAmount(minor, quote.currency) });
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: "default",
        // Echoed back on the capture and its webhook, so PayPal's dashboard can be matched to the store.
        custom_id: options.reference,
        description: clip(quote.lines.map(lineName).join(" AND ")),
        amount: { ...amount(quote.amountMinor), breakdown: { item_total: amount(quote.amountMinor) } },
        items: quote.lines.map((line) => ({
          name: clip(lineName(line)),
          unit_amount: amount(chargedMinor(line)),
          quantity: "1",
          category: "DIGITAL_GOODS",
        })),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: options.brandName,
          user_action: "PAY_NOW",
          shipping_preference: "NO_SHIPPING",
          // The approval page speaks the learner's language (PayPal takes a BCP 47 tag).
          locale: PAYPAL_LOCALES[options.language],
          return_url: options.returnUrl,
          cancel_url: options.cancelUrl,
        },
      },
    },
  };
}

/** Where the payer approves: PayPal calls it "payer-action" (experience_context) or "approve" (older flow). */
export function approvalHref(order: PaypalOrder): string | null {
  return order.links.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null;
}

/** The order's capture, if PayPal captured it. */
export function captureOf(order: PaypalOrder) {
  return order.purchase_units[0]?.payments?.captures[0] ?? null;
}
