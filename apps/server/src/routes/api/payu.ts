import { okEnvelope } from "@skillshelf/shared/api.ts";
import { pageTitle, SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { acceptFormBodies, formFields } from "@skillshelf/shared/form-body.ts";
import { declaredBilling, optionalBillingFields } from "@skillshelf/shared/tax.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoute } from "../../operations/api-route.ts";
import { startPaymentOperation } from "../../operations/payments.ts";
import { applyNotification, landing } from "../../payments/settle-payment.ts";
import { answers, PUBLIC, redirects } from "./openapi.ts";

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

/** What a browser sees when a POST-back cannot be trusted: nothing was recorded, and where to go next. */
const refusedPage = (publicUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle("Payment not confirmed")}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#0f172a">
<h1>We could not confirm this payment</h1>
<p>The payment provider's answer could not be verified, so no order was made. If money left your account, write to ${SUPPORT_EMAIL}.</p>
<p><a href="${publicUrl}/payment-cancelled">Return to the store</a></p></body></html>`;

/** PayU hosted checkout: the form to post, and the POST-back that confirms it. */
export const payuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;
  const readPostback = payments.readPayuPostback;
  const { publicUrl } = app.config;
  acceptFormBodies(app);

  apiRoute(app, startPaymentOperation, {
    method: "POST",
    url: "/payu/payment",
    schema: {
      summary:
        "The PayU form for the cart (the open one again for an unchanged cart): POST params to action from the browser",
      tags: ["payments"],
      body: z.object({
        amount: z.union([z.number(), z.string()], { error: "amount is required" }),
        currency: required("currency"),
        success_url: required("success_url"),
        cancel_url: required("cancel_url"),
        // Sent by the client but never used: the server makes its own txnid and product info.
        txnid: z.string().optional(),
        productinfo: z.string().optional(),
        ...optionalBillingFields,
      }),
      response: answers(
        okEnvelope({
          action: z
            .string()
            .describe(
              "the PayU URL to post the form to; for a cart that costs nothing (fulfilled at once, no PayU), the order's confirmation page to open (GET), with no params",
            ),
          params: z.record(z.string(), z.string()).describe("the form's fields, hash included"),
        }),
      ),
    },
    input: ({ body }) => ({
      provider: "payu" as const,
      amount: body.amount,
      currency: body.currency,
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      billing: declaredBilling(body),
    }),
    // A free cart was fulfilled without PayU: its confirmation page, to be opened.
    answer: ({ data: checkout }) =>
      checkout.kind === "form"
        ? { action: checkout.action, params: checkout.params }
        : { action: checkout.url, params: {} },
  });

  // A cross-site form POST from PayU through the learner's browser: no session is needed or trusted.
  app.post(
    "/payu/return",
    {
      schema: {
        summary: "PayU's POST-back (surl and furl), checked by its reverse hash",
        tags: ["payments"],
        ...PUBLIC,
        response: {
          ...redirects("To the payment's result page"),
          400: {
            description: "The POST-back could not be trusted: a page saying nothing was recorded",
            content: { "text/html": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const result = readPostback(formFields(request.body));
      const applied = result.kind === "outcome" ? await applyNotification(payments, "payu", result) : null;
      if (!applied) {
        request.log.warn({ txnid: formFields(request.body).txnid }, "PayU POST-back refused");
        return reply.status(400).type("text/html").send(refusedPage(publicUrl));
      }
      return reply.redirect(landing(applied.payment, applied.settlement), 303);
    },
  );
};
