import { LANGUAGE_COOKIE, resolveLanguage } from "@skillshelf/shared/i18n/languages.ts";
import type { FastifyRequest } from "fastify";
import type { PaymentProvider } from "../../db/schema/index.ts";
import { startPayment } from "../../payments/start-payment.ts";
import { viewerOf } from "../viewer.ts";

/** The signed-in learner's cart, started as a payment with `provider`: what all three start routes share. */
export async function startPaymentFor(
  request: FastifyRequest,
  provider: PaymentProvider,
  client: Parameters<typeof startPayment>[1]["client"],
) {
  const viewer = await viewerOf(request);
  if (!viewer) throw new Error("requireViewer let a visitor through");
  const { server } = request;
  return startPayment(server.payments, {
    provider,
    buyer: {
      userId: viewer.userId,
      name: viewer.user.name,
      email: viewer.user.email,
      phone: viewer.user.mobile_number,
      // The provider's page speaks what the store's pages speak to this learner.
      language: resolveLanguage({
        setting: viewer.user.language,
        cookie: request.cookies[LANGUAGE_COOKIE],
        acceptLanguage: request.headers["accept-language"],
      }),
    },
    storeCurrency: server.config.storeCurrency,
    publicUrl: server.config.publicUrl,
    client,
  });
}
