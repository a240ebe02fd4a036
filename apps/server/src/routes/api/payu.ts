import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { acceptFormBodies, formFields } from "../../lib/form-body.ts";
import { payuSettings } from "../../payments/payu/payu-settings.ts";
import { receivePayuPostback } from "../../payments/payu/receive-payu-postback.ts";
import { startPayuPayment } from "../../payments/payu/start-payu-payment.ts";
import { requireViewer, viewerOf } from "../viewer.ts";

const required = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

/** What a browser sees when a POST-back cannot be trusted: nothing was recorded, and where to go next. */
const refusedPage = (publicUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment not confirmed · Skillshelf</title></head>
<body style="font-family:system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#0f172a">
<h1>We could not confirm this payment</h1>
<p>The payment provider's answer could not be verified, so no order was made. If money left your account, write to ${SUPPORT_EMAIL}.</p>
<p><a href="${publicUrl}/payment-cancelled">Return to the store</a></p></body></html>`;

/** PayU hosted checkout: the form to post, and the POST-back that confirms it. */
export const payuRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = payuSettings(app);
  const { db } = app.database;
  const { publicUrl, storeCurrency } = app.config;
  acceptFormBodies(app);

  app.post(
    "/payu/payment",
    {
      onRequest: requireViewer,
      schema: {
        summary: "The PayU form for the cart: POST params to action from the browser",
        tags: ["payments"],
        body: z.object({
          amount: z.union([z.number(), z.string()], { error: "amount is required" }),
          currency: required("currency"),
          success_url: required("success_url"),
          cancel_url: required("cancel_url"),
          // Sent by the client but never used: the server makes its own txnid and product info.
          txnid: z.string().optional(),
          productinfo: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      if (!viewer) throw new Error("requireViewer let a visitor through");
      const { body } = request;
      const form = await startPayuPayment({
        db,
        settings,
        userId: viewer.userId,
        user: viewer.user,
        storeCurrency,
        publicUrl,
        client: {
          amount: body.amount,
          currency: body.currency,
          successUrl: body.success_url,
          cancelUrl: body.cancel_url,
        },
        now: app.clock(),
      });
      return { status: true, message: "success", ...form };
    },
  );

  // A cross-site form POST from PayU through the learner's browser: no session is needed or trusted.
  app.post(
    "/payu/return",
    { schema: { summary: "PayU's POST-back (surl and furl), checked by its reverse hash", tags: ["payments"] } },
    async (request, reply) => {
      const result = await receivePayuPostback({
        db,
        settings,
        fields: formFields(request.body),
        now: app.clock(),
        log: request.log,
      });
      if (result.status === 303) return reply.redirect(result.location, 303);
      return reply.status(400).type("text/html").send(refusedPage(publicUrl));
    },
  );
};
