import { LANGUAGE_COOKIE, resolveLanguage } from "@skillshelf/shared/i18n/languages.ts";
import { plain } from "@skillshelf/shared/i18n/message.ts";
import { z } from "zod";
import { saleAt } from "../cart/pricing.ts";
import type { PaymentProvider } from "../db/schema/index.ts";
import { startPayment } from "../payments/start-payment.ts";
import { defineOperation } from "./operation.ts";

/** What each start route and the checkout page hand over: the provider, and the client's view of the cart. */
const paymentStartSchema = z.object({
  provider: z.enum(["stripe", "paypal", "payu"] satisfies PaymentProvider[]),
  amount: z.union([z.number(), z.string()]).optional(),
  currency: z.string().optional(),
  lineItems: z.array(z.object({ name: z.string(), price: z.number(), quantity: z.number() })).optional(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  billing: z.object({
    country: z.string().optional(),
    companyName: z.string().optional(),
    vatNumber: z.string().optional(),
    countryConfirmed: z.boolean().optional(),
  }),
});

/** The signed-in learner's cart, started as a payment with one provider: its hosted page, or (PayU) its form. */
export const startPaymentOperation = defineOperation({
  name: "payments.start",
  who: "learner",
  input: paymentStartSchema,
  run: async ({ app, request, actor }, { provider, billing, ...client }) => ({
    message: plain("success"),
    data: await startPayment(app.payments, {
      provider,
      buyer: {
        userId: actor.userId,
        name: actor.user.name,
        email: actor.user.email,
        phone: actor.user.mobile_number,
        // The provider's page speaks what the store's pages speak to this learner.
        language: resolveLanguage({
          setting: actor.user.language,
          cookie: request.cookies[LANGUAGE_COOKIE],
          acceptLanguage: request.headers["accept-language"],
        }),
      },
      sale: saleAt(app),
      billing,
      ipAddress: request.ip,
      publicUrl: app.config.publicUrl,
      client,
    }),
  }),
});
