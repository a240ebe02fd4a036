import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { acceptFormBodies, formFields } from "@skillshelf/shared/form-body.ts";
import { decimalAmount } from "@skillshelf/shared/money.ts";
import { isIsoCurrency, minorOfDecimalAmount } from "@skillshelf/shared/money-rules.ts";
import {
  PAYPAL_EMULATOR_PATH as BASE,
  PAYPAL_EMULATOR_CREDENTIALS as CREDENTIALS,
} from "@skillshelf/shared/payment-emulators.ts";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { countryChoice, emulatorLanguage, postedCountry, sendPage } from "./page.ts";
import type { EmulatorOptions } from "./plugin-options.ts";

/** PayPal's money in minor units of its currency; null for anything but a plain amount with its decimals. */
function minorOfPaypalMoney(money: { currency_code: string; value: string } | undefined): number | null {
  return money && isIsoCurrency(money.currency_code) ? minorOfDecimalAmount(money.value, money.currency_code) : null;
}

// As PayPal: a value with the currency's decimals at most ("19.99" GBP; "1200" JPY, which has none).
const money = z
  .object({
    currency_code: z.string().regex(/^[A-Z]{3}$/),
    value: z.string().regex(/^\d{1,9}(\.\d{1,3})?$/),
  })
  .refine((m) => minorOfPaypalMoney(m) !== null, {
    path: ["value"],
    message: "DECIMAL_PRECISION: the value has more decimals than its currency allows",
  });
type Money = z.infer<typeof money>;
const unitSchema = z.looseObject({
  custom_id: z.string().max(127).optional(),
  amount: z.intersection(money, z.object({ breakdown: z.object({ item_total: money }).optional() })),
  items: z
    .array(z.looseObject({ name: z.string().min(1).max(127), unit_amount: money, quantity: z.string().regex(/^\d+$/) }))
    .optional(),
});
const context = z.object({ return_url: z.url(), cancel_url: z.url(), locale: z.string().max(10).optional() });
const createSchema = z.object({
  intent: z.literal("CAPTURE"),
  purchase_units: z.array(unitSchema).length(1),
  payment_source: z.object({ paypal: z.object({ experience_context: context }) }).optional(),
  application_context: context.optional(),
});
const webhookMode = z.enum(["normal", "twice", "late", "none"]);
const controlSchema = z.object({
  order_id: z.string(),
  outcome: z.enum(["pay", "decline"]).optional(),
  webhook: webhookMode.optional(),
});

interface Capture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  refunds: { id: string; amount: Money }[];
  time: string;
}
interface Order {
  id: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  unit: z.infer<typeof unitSchema>;
  returnUrl: string;
  cancelUrl: string;
  /** The language the store asked the approval page to speak ("es-ES"), or null for the browser's. */
  locale: string | null;
  /** Created with application_context (link rel "approve") rather than experience_context ("payer-action"). */
  legacyFlow: boolean;
  outcome: "pay" | "decline";
  webhook: z.infer<typeof webhookMode>;
  payerId: string | null;
  /** The payer's country, chosen on the approval page (GB unless they said otherwise). */
  payerCountry?: string;
  capture: Capture | null;
  createTime: string;
}
interface Answer {
  status: number;
  body: unknown;
}

const P = "paypal";
const LATE_WEBHOOK_MS = 300;
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const paypalId = (length = 17) => Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join("");
const awaitingPayer = (o: Order) => o.status === "CREATED" || o.status === "PAYER_ACTION_REQUIRED";
const problem = (status: number, name: string, message: string, issue: string, description: string): Answer => ({
  status,
  body: { name, message, debug_id: randomBytes(6).toString("hex"), details: [{ issue, description }] },
});
const invalid = (issue: string, description: string) =>
  problem(
    400,
    "INVALID_REQUEST",
    "Request is not well-formed, syntactically incorrect, or violates schema.",
    issue,
    description,
  );
const unprocessable = (issue: string, description: string) =>
  problem(
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    issue,
    description,
  );
const notFound = () =>
  problem(
    404,
    "RESOURCE_NOT_FOUND",
    "The specified resource does not exist.",
    "INVALID_RESOURCE_ID",
    "Specified resource ID does not exist.",
  );

/**
 * The built-in PayPal (PAYMENTS=emulator): the Orders v2 REST subset the
 * adapter uses, OAuth client credentials, a hosted approval page, signed
 * webhooks it alone can verify, and control endpoints for tests.
 */
export const paypalEmulator: FastifyPluginAsync<EmulatorOptions> = async (app, { records, storeUrl }) => {
  acceptFormBodies(app);
  // The origin the store called is the one its payer's browser reaches too.
  const apiBase = (request: FastifyRequest) => `${request.protocol}://${request.host}${BASE}`;
  const checkoutUrl = (id: string, api: string) => `${api}/checkout?token=${encodeURIComponent(id)}`;
  const send = (reply: FastifyReply, answer: Answer) => reply.status(answer.status).send(answer.body);

  const captureJson = (order: Order, api: string) => {
    const c = order.capture as Capture;
    return {
      id: c.id,
      status: c.status,
      amount: c.amount,
      final_capture: true,
      custom_id: order.unit.custom_id,
      seller_protection: { status: "ELIGIBLE" },
      create_time: c.time,
      update_time: c.time,
      links: [
        { href: `${api}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" },
        { href: `${api}/v2/payments/captures/${c.id}/refund`, rel: "refund", method: "POST" },
        { href: `${api}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
      ],
    };
  };
  const orderJson = (order: Order, api: string) => ({
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    ...(order.payerId
      ? {
          payer: {
            payer_id: order.payerId,
            email_address: "payer@emulator.test",
            name: { given_name: "Emulated", surname: "Payer" },
            address: { country_code: order.payerCountry ?? "GB" },
          },
        }
      : {}),
    purchase_units: [
      { ...order.unit, ...(order.capture ? { payments: { captures: [captureJson(order, api)] } } : {}) },
    ],
    create_time: order.createTime,
    links: [
      { href: `${api}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(awaitingPayer(order)
        ? [{ href: checkoutUrl(order.id, api), rel: order.legacyFlow ? "approve" : "payer-action", method: "GET" }]
        : []),
      ...(order.status === "APPROVED"
        ? [{ href: `${api}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" }]
        : []),
    ],
  });

  // Webhooks: each transmission's HMAC is kept, so verify-webhook-signature vouches only for what was really sent.
  const signingKey = records.insertOnce(P, "signing-key", { key: randomBytes(32).toString("hex") }).key;
  const signatureOf = (id: string, time: string, webhookId: string, event: unknown) =>
    createHmac("sha256", signingKey)
      .update(`${id}|${time}|${webhookId}|${createHash("sha256").update(JSON.stringify(event)).digest("hex")}`)
      .digest("base64");
  const captureEvent = (order: Order, api: string) => {
    const c = order.capture as Capture;
    const completed = c.status === "COMPLETED";
    const id = `WH-${paypalId(17)}`;
    return {
      id,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "capture",
      resource_version: "2.0",
      event_type: completed ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DENIED",
      summary: `Payment ${completed ? "completed" : "denied"} for ${c.amount.value} ${c.amount.currency_code}`,
      resource: { ...captureJson(order, api), supplementary_data: { related_ids: { order_id: order.id } } },
      links: [{ href: `${api}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" }],
    };
  };
  const transmit = (orderId: string, event: ReturnType<typeof captureEvent>, api: string, status: string) => {
    const id = randomUUID();
    const time = new Date().toISOString();
    const sig = signatureOf(id, time, CREDENTIALS.webhookId, event);
    records.write(P, `transmission:${id}`, { orderId, eventType: event.event_type, sig, status });
    const headers = {
      "content-type": "application/json",
      "paypal-transmission-id": id,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": sig,
      "paypal-cert-url": `${api}/v1/notifications/certs/CERT-EMULATOR`,
      "paypal-auth-algo": "SHA256withRSA",
    };
    return { id, sig, headers, body: JSON.stringify(event) };
  };
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const deliver = (orderId: string, event: ReturnType<typeof captureEvent>, api: string) => {
    const delivery = (async () => {
      const t = transmit(orderId, event, api, "sending");
      let status: string;
      try {
        const res = await fetch(`${storeUrl()}/api/paypal/webhook`, {
          method: "POST",
          headers: t.headers,
          body: t.body,
          signal: AbortSignal.timeout(15_000),
        });
        status = String(res.status);
        await res.body?.cancel();
      } catch (error) {
        status = `failed: ${(error as Error).message}`;
      }
      records.write(P, `transmission:${t.id}`, {
        orderId,
        eventType: event.event_type,
        sig: t.sig,
        status,
      });
    })().catch((error) => app.log.error({ err: error }, "PayPal emulator webhook not delivered"));
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  };
  const sendWebhooks = (order: Order, api: string) => {
    if (order.webhook === "none") return;
    const event = captureEvent(order, api);
    if (order.webhook === "late") {
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliver(order.id, event, api);
      }, LATE_WEBHOOK_MS);
      timers.add(timer);
      return;
    }
    deliver(order.id, event, api);
    // PayPal redelivers the same event (same id) under a new transmission.
    if (order.webhook === "twice") deliver(order.id, event, api);
  };
  app.addHook("preClose", async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...inFlight]);
  });

  /** The buyer's decision on the hosted page (or the control endpoint standing in for it). */
  const decide = (
    id: string,
    change: { outcome?: Order["outcome"]; webhook?: Order["webhook"] | undefined; country?: string },
  ) =>
    records.change<Order>(P, `order:${id}`, (order) => {
      if (change.webhook) order.webhook = change.webhook;
      if (change.outcome && awaitingPayer(order)) {
        const payerCountry = change.country ?? "GB";
        Object.assign(order, { status: "APPROVED", outcome: change.outcome, payerId: paypalId(13), payerCountry });
      }
      return true;
    })?.record ?? null;
  const returnUrlOf = (order: Order) => {
    const url = new URL(order.returnUrl);
    url.searchParams.set("token", order.id);
    url.searchParams.set("PayerID", order.payerId ?? "");
    return url.toString();
  };

  app.post(`${BASE}/v1/oauth2/token`, async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString("base64")}`;
    const given = request.headers.authorization ?? "";
    const same = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!same)
      return reply.status(401).send({ error: "invalid_client", error_description: "Client Authentication failed" });
    if (formFields(request.body).grant_type !== "client_credentials") {
      return reply.status(400).send({ error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
    }
    const token = `A21AA${randomBytes(24).toString("base64url")}`;
    const expiresIn = 32_400;
    records.write(P, `token:${token}`, { expiresAt: Date.now() + expiresIn * 1000 });
    return {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-EMULATOR",
      expires_in: expiresIn,
      nonce: randomUUID(),
    };
  });

  await app.register(async (rest) => {
    rest.addHook("onRequest", async (request, reply) => {
      const header = request.headers.authorization ?? "";
      const token = header.startsWith("Bearer ")
        ? records.read<{ expiresAt: number }>(P, `token:${header.slice(7)}`)
        : null;
      if (!token || token.expiresAt <= Date.now()) {
        return reply.status(401).send({
          name: "AUTHENTICATION_FAILURE",
          message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
        });
      }
    });
    const requestId = (request: FastifyRequest) => {
      const value = request.headers["paypal-request-id"];
      return typeof value === "string" && value ? value : null;
    };
    /** PayPal-Request-Id: a repeat of the same request gets the first answer, without acting again. */
    const idempotent = (request: FastifyRequest, scope: string, act: () => Answer): Answer => {
      const key = requestId(request);
      const previous = key ? records.read<Answer>(P, `request:${scope}:${key}`) : null;
      if (previous) return previous;
      const answer = act();
      if (key && answer.status < 300)
        records.write(P, `request:${scope}:${key}`, { status: answer.status, body: answer.body as object });
      return answer;
    };

    rest.post(`${BASE}/v2/checkout/orders`, async (request, reply) => {
      const parsed = createSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return send(
          reply,
          invalid(
            "INVALID_PARAMETER_VALUE",
            `${issue?.path.join("/")}: ${issue?.message} (the emulator supports intent CAPTURE, one purchase unit and the redirect flow with return_url and cancel_url)`,
          ),
        );
      }
      const { purchase_units, payment_source, application_context } = parsed.data;
      const unit = purchase_units[0] as Order["unit"];
      const ctx = payment_source?.paypal.experience_context ?? application_context;
      if (!ctx)
        return send(
          reply,
          invalid("MISSING_REQUIRED_PARAMETER", "experience_context.return_url and cancel_url are required."),
        );
      const amount = minorOfPaypalMoney(unit.amount);
      if (unit.items?.length) {
        const total = unit.amount.breakdown?.item_total;
        if (!total)
          return send(
            reply,
            unprocessable(
              "ITEM_TOTAL_REQUIRED",
              "If item details are specified, items.unit_amount and breakdown.item_total are required.",
            ),
          );
        const sum = unit.items.reduce((s, i) => s + (minorOfPaypalMoney(i.unit_amount) ?? 0) * Number(i.quantity), 0);
        const currencies = new Set([
          unit.amount.currency_code,
          total.currency_code,
          ...unit.items.map((i) => i.unit_amount.currency_code),
        ]);
        if (currencies.size > 1)
          return send(
            reply,
            unprocessable("CURRENCY_MISMATCH", "Currency code should be the same in the whole purchase unit."),
          );
        if (sum !== minorOfPaypalMoney(total))
          return send(
            reply,
            unprocessable("ITEM_TOTAL_MISMATCH", "Should equal sum of (unit_amount * quantity) across all items."),
          );
        if (amount !== sum)
          return send(
            reply,
            unprocessable(
              "AMOUNT_MISMATCH",
              "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
            ),
          );
      }
      const answer = idempotent(request, "create", () => {
        const order: Order = {
          id: paypalId(),
          status: payment_source ? "PAYER_ACTION_REQUIRED" : "CREATED",
          unit,
          returnUrl: ctx.return_url,
          cancelUrl: ctx.cancel_url,
          locale: ctx.locale ?? null,
          legacyFlow: !payment_source,
          outcome: "pay",
          webhook: "normal",
          payerId: null,
          capture: null,
          createTime: new Date().toISOString(),
        };
        records.write(P, `order:${order.id}`, order);
        return { status: 201, body: orderJson(order, apiBase(request)) };
      });
      return send(reply, answer);
    });

    rest.get<{ Params: { id: string } }>(
      `${BASE}/v2/checkout/orders/:id`,

      async (request, reply) => {
        const order = records.read<Order>(P, `order:${request.params.id}`);
        return send(reply, order ? { status: 200, body: orderJson(order, apiBase(request)) } : notFound());
      },
    );

    rest.post<{ Params: { id: string } }>(
      `${BASE}/v2/checkout/orders/:id/capture`,

      async (request, reply) => {
        const done: { order?: Order } = {};
        const answer = idempotent(request, "capture", () => {
          const order = records.read<Order>(P, `order:${request.params.id}`);
          if (!order) return notFound();
          if (order.status === "COMPLETED")
            return unprocessable(
              "ORDER_ALREADY_CAPTURED",
              "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
            );
          if (order.status !== "APPROVED")
            return unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
          const amount = { currency_code: order.unit.amount.currency_code, value: order.unit.amount.value };
          const time = new Date().toISOString();
          // A declined instrument still completes the order; only the capture's own status tells.
          order.capture = {
            id: paypalId(),
            status: order.outcome === "pay" ? "COMPLETED" : "DECLINED",
            amount,
            refunds: [],
            time,
          };
          order.status = "COMPLETED";
          records.write(P, `order:${order.id}`, order);
          records.write(P, `capture:${order.capture.id}`, { orderId: order.id });
          done.order = order;
          return { status: 201, body: orderJson(order, apiBase(request)) };
        });
        if (done.order) sendWebhooks(done.order, apiBase(request));
        return send(reply, answer);
      },
    );

    rest.post<{ Params: { id: string } }>(
      `${BASE}/v2/payments/captures/:id/refund`,

      async (request, reply) => {
        const pointer = records.read<{ orderId: string }>(P, `capture:${request.params.id}`);
        if (!pointer) return send(reply, notFound());
        const asked = z.object({ amount: money.optional() }).safeParse(request.body ?? {});
        if (!asked.success) return send(reply, invalid("INVALID_PARAMETER_VALUE", "amount is not valid money."));
        const answer = idempotent(request, "refund", () => {
          const order = records.read<Order>(P, `order:${pointer.orderId}`);
          const c = order?.capture;
          if (!order || !c) return notFound();
          if (c.status === "DECLINED") return unprocessable("CAPTURE_STATUS_NOT_VALID", "Invalid capture status.");
          const captured = minorOfPaypalMoney(c.amount) ?? 0;
          const refunded = c.refunds.reduce((s, r) => s + (minorOfPaypalMoney(r.amount) ?? 0), 0);
          if (refunded >= captured)
            return unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
          const amount = asked.data.amount ?? {
            currency_code: c.amount.currency_code,
            value: decimalAmount(captured - refunded, c.amount.currency_code),
          };
          if (
            (minorOfPaypalMoney(amount) ?? 0) > captured - refunded ||
            amount.currency_code !== c.amount.currency_code
          ) {
            return unprocessable(
              "REFUND_AMOUNT_EXCEEDED",
              "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
            );
          }
          const refund = { id: paypalId(), amount };
          c.refunds.push(refund);
          c.status = refunded + (minorOfPaypalMoney(amount) ?? 0) === captured ? "REFUNDED" : "PARTIALLY_REFUNDED";
          records.write(P, `order:${order.id}`, order);
          const links = [{ href: `${apiBase(request)}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" }];
          return { status: 201, body: { id: refund.id, status: "COMPLETED", amount, links } };
        });
        return send(reply, answer);
      },
    );

    rest.post(
      `${BASE}/v1/notifications/verify-webhook-signature`,

      async (request, reply) => {
        const parsed = z
          .object({
            transmission_id: z.string(),
            transmission_time: z.string(),
            transmission_sig: z.string(),
            webhook_id: z.string(),
            auth_algo: z.string(),
            cert_url: z.string(),
            webhook_event: z.unknown(),
          })
          .safeParse(request.body);
        if (!parsed.success || parsed.data.webhook_event === undefined) {
          return send(
            reply,
            invalid("MISSING_REQUIRED_PARAMETER", "All transmission fields and webhook_event are required."),
          );
        }
        const v = parsed.data;
        const kept = records.read<{ sig: string }>(P, `transmission:${v.transmission_id}`);
        const sig = signatureOf(v.transmission_id, v.transmission_time, v.webhook_id, v.webhook_event);
        const ok = !!kept && v.webhook_id === CREDENTIALS.webhookId && sig === v.transmission_sig && sig === kept.sig;
        return { verification_status: ok ? "SUCCESS" : "FAILURE" };
      },
    );
  });

  const page = (request: FastifyRequest, reply: FastifyReply, order: Order | null) => {
    const i18n = emulatorLanguage(request, order?.locale);
    const { t } = i18n;
    if (!order) {
      return sendPage(
        reply,
        { i18n, provider: "PayPal", title: t("Order not found"), lines: [], total: "—", actions: [] },
        { status: 404 },
      );
    }
    const currency = order.unit.amount.currency_code;
    const format = (m: Money) => i18n.money(minorOfPaypalMoney(m) ?? 0, currency);
    const lines = (order.unit.items ?? []).map((i) => ({ name: i.name, price: format(i.unit_amount) }));
    const fields = { token: order.id };
    const open = awaitingPayer(order);
    return sendPage(
      reply,
      {
        i18n,
        provider: "PayPal",
        title: open ? t("Approve your payment") : t("This order is no longer awaiting approval"),
        lines,
        total: format(order.unit.amount),
        actions: open
          ? [
              {
                label: t("Pay"),
                action: `${BASE}/checkout/approve`,
                fields: { ...fields, outcome: "pay" },
                tone: "primary",
                choice: countryChoice(i18n, "Your country"),
              },
              { label: t("Decline"), action: `${BASE}/checkout/approve`, fields: { ...fields, outcome: "decline" } },
              { label: t("Cancel"), action: `${BASE}/checkout/cancel`, fields },
            ]
          : [],
        note: t("Decline approves the order but makes its capture fail, as a refused card would."),
      },
      { remember: true },
    );
  };

  app.get<{ Querystring: { token?: string } }>(`${BASE}/checkout`, async (request, reply) =>
    page(request, reply, records.read<Order>(P, `order:${request.query.token ?? ""}`)),
  );

  app.post(`${BASE}/checkout/approve`, async (request, reply) => {
    const form = formFields(request.body);
    const order = decide(form.token ?? "", {
      outcome: form.outcome === "decline" ? "decline" : "pay",
      country: postedCountry(form),
    });
    return order ? reply.redirect(returnUrlOf(order), 303) : page(request, reply, null);
  });

  app.post(`${BASE}/checkout/cancel`, async (request, reply) => {
    const order = records.read<Order>(P, `order:${formFields(request.body).token ?? ""}`);
    if (!order) return page(request, reply, null);
    const url = new URL(order.cancelUrl);
    url.searchParams.set("token", order.id);
    return reply.redirect(url.toString(), 303);
  });

  // Control endpoints for tests: decide for the buyer, hand out signed deliveries, list what was sent.
  app.post(`${BASE}/control`, async (request, reply) => {
    const parsed = controlSchema.safeParse(request.body);
    if (!parsed.success)
      return reply.status(400).send({ error: "order_id, outcome (pay|decline) and webhook (normal|twice|late|none)" });
    const { order_id, outcome, webhook } = parsed.data;
    const order = decide(order_id, { ...(outcome ? { outcome } : {}), webhook });
    if (!order) return send(reply, notFound());
    return {
      id: order.id,
      status: order.status,
      outcome: order.outcome,
      webhook: order.webhook,
      return_url: order.payerId ? returnUrlOf(order) : null,
    };
  });

  app.post(`${BASE}/control/webhooks`, async (request, reply) => {
    const parsed = z
      .object({ order_id: z.string(), count: z.number().int().min(1).max(50).default(1) })
      .safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: "order_id and count (1-50)" });
    const order = records.read<Order>(P, `order:${parsed.data.order_id}`);
    if (!order?.capture) return reply.status(409).send({ error: "The order has not been captured." });
    const event = captureEvent(order, apiBase(request));
    const deliveries = [];
    for (let i = 0; i < parsed.data.count; i++) {
      const { headers, body } = transmit(order.id, event, apiBase(request), "handed out");
      deliveries.push({ headers, body });
    }
    return { deliveries };
  });

  app.get<{ Querystring: { order_id?: string } }>(
    `${BASE}/control/deliveries`,

    async (request) => {
      const rows = records
        .list<{ orderId: string; eventType: string; status: string }>(P, "transmission:")
        .filter((r) => r.data.orderId === (request.query.order_id ?? ""));
      return {
        deliveries: rows.map((r) => ({
          transmission_id: r.id.slice("transmission:".length),
          event_type: r.data.eventType,
          status: r.data.status,
        })),
      };
    },
  );
};
