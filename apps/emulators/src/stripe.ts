import { createHmac, randomBytes } from "node:crypto";
import { formFields } from "@skillshelf/shared/form-body.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { STRIPE_EMULATOR_KEYS } from "@skillshelf/shared/payment-emulators.ts";
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import Stripe from "stripe";
import { z } from "zod";
import { countryChoice, emulatorLanguage, type PageContent, postedCountry, sendPage } from "./page.ts";
import type { EmulatorOptions } from "./plugin-options.ts";
import type { EmulatorRecords } from "./records.ts";

/**
 * The built-in Stripe (PAYMENTS=emulator): the part of the REST API the
 * adapter uses, a hosted checkout page, and webhooks signed as Stripe signs
 * them, sent to the store's /api/stripe/webhook as to a registered endpoint.
 * Test controls make webhooks come twice, late or never.
 */

const NOTICE = "Payments are emulated: this is not Stripe, and no money moves.";
const WEBHOOK_MODES = ["normal", "twice", "late", "none"] as const;
type WebhookMode = (typeof WEBHOOK_MODES)[number];

interface CheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  /** Once paid: the country of the card the payer chose on the page (GB unless they said otherwise). */
  customer_details: { email: string | null; address: { country: string } } | null;
  expires_at: number;
  livemode: false;
  /** The language the store asked the page to speak ("es"), or null for the browser's. */
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  ui_mode: "hosted_page";
  url: string | null;
}
interface SessionRecord {
  session: CheckoutSession;
  lines: { name: string; unit_amount: number; quantity: number }[];
  control: { webhook: WebhookMode; delay_ms: number };
  deliveries: { event: string; type: string; status: number; error?: string; at: string }[];
}
interface IntentRecord {
  intent: { id: string; object: "payment_intent"; amount: number; currency: string; status: string } & Record<
    string,
    unknown
  >;
  refunded: number;
}

const unix = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const money = formatMoney;
const withSessionId = (url: string | null, id: string) => (url ?? "/").replaceAll("{CHECKOUT_SESSION_ID}", id);

// ---- State ------------------------------------------------------------------------------------

const P = "stripe";

// ---- Stripe's wire format ---------------------------------------------------------------------

/** Stripe's form encoding, `line_items[0][price_data][unit_amount]=1999`, as nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = (name.match(/^[^[\]]+|\[[^[\]]*\]/g) ?? []).map((part) => part.replace(/^\[|\]$/g, ""));
    if (path.length === 0 || path.some((p) => ["__proto__", "constructor", "prototype"].includes(p))) continue;
    let node: Record<string, unknown> = root;
    for (const [i, part] of path.entries()) {
      // `a[]=x` appends; an index is a small number, so a crafted one cannot make a huge array.
      const slot = part === "" && Array.isArray(node) ? String(node.length) : part;
      if (Array.isArray(node) && !/^\d{1,3}$/.test(slot)) break;
      if (i === path.length - 1) node[slot] = value;
      else {
        node[slot] ??= /^\d*$/.test(path[i + 1] ?? "") ? [] : {};
        node = node[slot] as Record<string, unknown>;
      }
    }
  }
  return root;
}

type Answer = { status: number; body: object };
const answer = (status: number, object: object): Answer => ({ status, body: { ...object, emulator_notice: NOTICE } });
const stripeError = (status: number, error: Record<string, string>, type = "invalid_request_error") =>
  answer(status, { error: { type, ...error } });
const send = (reply: FastifyReply, { status, body }: Answer) => reply.status(status).send(body);

/** Zod's first issue, with the parameter named as Stripe names it: line_items[0][quantity]. */
function invalidParams(error: z.ZodError): Answer {
  const issue = error.issues[0];
  const [head, ...rest] = (issue?.path ?? []).map(String);
  const param = head ? `${head}${rest.map((p) => `[${p}]`).join("")}` : "body";
  return stripeError(400, { code: "parameter_invalid", param, message: `Invalid ${param}: ${issue?.message}` });
}

const createSessionParams = z.object({
  mode: z.literal("payment", "Only mode=payment is emulated"),
  success_url: z.url(),
  cancel_url: z.url().optional(),
  customer_email: z.string().optional(),
  locale: z.string().max(20).optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  line_items: z
    .array(
      z.object({
        quantity: z.coerce.number().int().min(1),
        price_data: z.object({
          currency: z.string().regex(/^[a-z]{3}$/),
          unit_amount: z.coerce.number().int().min(0),
          product_data: z.object({ name: z.string().min(1) }),
        }),
      }),
    )
    .min(1),
});

const refundParams = z.object({
  payment_intent: z.string().startsWith("pi_"),
  amount: z.coerce.number().int().min(1).optional(),
  reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

const controlParams = z
  .object({
    session_id: z.string().startsWith("cs_").optional(),
    webhook: z.enum(WEBHOOK_MODES).optional(),
    delay_ms: z.coerce.number().int().min(0).max(60_000).optional(),
    expire: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
    api: z.enum(["up", "down"]).optional(),
  })
  .refine((c) => c.session_id || c.api, { message: "session_id or api is required", path: ["session_id"] });

/** The three-decimal currencies Stripe charges in tens of their minor unit only (an amount ending in 0). */
const TENS_ONLY = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** Stripe's refusal of a line whose amount in such a currency does not end in 0; null when all do. */
function unroundedLine(lines: z.infer<typeof createSessionParams>["line_items"]): Answer | null {
  const at = lines.findIndex((l) => TENS_ONLY.has(l.price_data.currency) && l.price_data.unit_amount % 10 !== 0);
  const line = lines[at];
  if (!line) return null;
  const param = `line_items[${at}][price_data][unit_amount]`;
  const message = `Invalid ${param}: amounts in ${line.price_data.currency.toUpperCase()} must be rounded to the nearest 10 (their last digit 0).`;
  return stripeError(400, { code: "parameter_invalid", param, message });
}

// ---- API objects ------------------------------------------------------------------------------

function newSessionRecord(params: z.infer<typeof createSessionParams>, origin: string): SessionRecord | null {
  const currencies = new Set(params.line_items.map((l) => l.price_data.currency));
  const [currency] = currencies;
  if (!currency || currencies.size > 1) return null;
  const id = `cs_test_${randomBytes(24).toString("hex")}`;
  const total = params.line_items.reduce((sum, l) => sum + l.price_data.unit_amount * l.quantity, 0);
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created: unix(),
    currency,
    customer_email: params.customer_email ?? null,
    customer_details: null,
    expires_at: unix() + 24 * 3600,
    livemode: false,
    locale: params.locale ?? null,
    metadata: params.metadata ?? {},
    mode: "payment",
    // As in Stripe's current API versions, the payment intent exists once the customer pays.
    payment_intent: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    status: "open",
    success_url: params.success_url,
    ui_mode: "hosted_page",
    url: `${origin}/emulator/stripe/checkout/${id}`,
  };
  const lines = params.line_items.map((l) => ({
    name: l.price_data.product_data.name,
    unit_amount: l.price_data.unit_amount,
    quantity: l.quantity,
  }));
  return { session, lines, control: { webhook: "normal", delay_ms: 500 }, deliveries: [] };
}

/** A refund of a paid intent, whole or in part, never more than is left. */
function refund(records: EmulatorRecords, params: z.infer<typeof refundParams>): Answer {
  let outcome: Answer = stripeError(404, {
    code: "resource_missing",
    param: "payment_intent",
    message: `No such payment_intent: '${params.payment_intent}'`,
  });
  records.change<IntentRecord>(P, params.payment_intent, (record) => {
    const { intent } = record;
    const left = intent.status === "succeeded" ? intent.amount - record.refunded : 0;
    const amount = params.amount ?? left;
    if (left === 0) {
      outcome = stripeError(400, { code: "charge_already_refunded", message: `${intent.id} has nothing to refund.` });
      return false;
    }
    if (amount > left) {
      const message = `Refund amount (${money(amount, intent.currency)}) is more than is left (${money(left, intent.currency)}).`;
      outcome = stripeError(400, { code: "amount_too_large", param: "amount", message });
      return false;
    }
    const created = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: unix(),
      currency: intent.currency,
      metadata: params.metadata ?? {},
      payment_intent: intent.id,
      reason: params.reason ?? null,
      status: "succeeded",
    };
    records.write(P, created.id, created);
    record.refunded += amount;
    outcome = answer(200, created);
    return true;
  });
  return outcome;
}

/** Ends an open session unpaid; null for an unknown one, expired: false when it was not open. */
function expireSession(records: EmulatorRecords, id: string) {
  if (!id.startsWith("cs_")) return null;
  const result = records.change<SessionRecord>(P, id, (record) => {
    if (record.session.status !== "open") return false;
    Object.assign(record.session, { status: "expired", url: null });
    return true;
  });
  return result && { record: result.record, expired: result.changed };
}

// ---- Webhooks ---------------------------------------------------------------------------------

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" under the endpoint secret>`. */
const signatureHeader = (body: string, t: number) =>
  `t=${t},v1=${createHmac("sha256", STRIPE_EMULATOR_KEYS.webhookSecret).update(`${t}.${body}`).digest("hex")}`;

/**
 * Sends an event about a session as the session's control says, and logs each
 * delivery on the session. A failed delivery is logged, never thrown: the
 * learner's click on Pay must not fail because our webhook endpoint did.
 */
function webhookSender(app: FastifyInstance, records: EmulatorRecords, storeUrl: () => string, log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    for (const timer of timers) clearTimeout(timer);
    await Promise.allSettled(running);
  });

  const deliver = async (sessionId: string, event: { id: string; type: string }) => {
    const body = JSON.stringify(event, null, 2);
    const delivery: SessionRecord["deliveries"][number] = {
      event: event.id,
      type: event.type,
      status: 0,
      at: new Date().toISOString(),
    };
    try {
      const response = await fetch(`${storeUrl()}/api/stripe/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signatureHeader(body, unix()),
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks; emulated)",
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
      if (!response.ok) log.warn({ event: event.id, status: response.status }, "Stripe emulator: webhook refused");
    } catch (error) {
      delivery.error = (error as Error).message;
      log.warn({ err: error, event: event.id }, "Stripe emulator: webhook delivery failed");
    }
    // Appended at once, so two deliveries at once both land in the log.
    records.change<SessionRecord>(P, sessionId, (record) => {
      record.deliveries = [...(record.deliveries ?? []), delivery];
      return true;
    });
  };

  return async (record: SessionRecord, type: string): Promise<void> => {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: unix(),
      data: { object: record.session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      emulator_notice: NOTICE,
    };
    const { webhook, delay_ms } = record.control;
    const id = record.session.id;
    if (webhook === "normal") await deliver(id, event);
    // Stripe may redeliver an event while the first delivery is still being handled.
    if (webhook === "twice") await Promise.all([deliver(id, event), deliver(id, event)]);
    if (webhook === "late") {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const delivery = deliver(id, event).finally(() => running.delete(delivery));
        running.add(delivery);
      }, delay_ms);
      timers.add(timer);
    }
  };
}

// ---- The plugin -------------------------------------------------------------------------------

export const stripeEmulator: FastifyPluginAsync<EmulatorOptions> = async (app, { records, storeUrl }) => {
  const notify = webhookSender(app, records, storeUrl, app.log);

  const form = "application/x-www-form-urlencoded";
  if (app.hasContentTypeParser(form)) app.removeContentTypeParser(form);
  app.addContentTypeParser(form, { parseAs: "string" }, (_request, body, done) =>
    done(null, parseStripeForm(String(body))),
  );
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-payments-emulated", "true");
  });

  await app.register(
    async (api) => {
      api.addHook("onRequest", async (request, reply) => {
        reply.header("request-id", newId("req"));
        const auth = request.headers.authorization ?? "";
        const given = auth.startsWith("Bearer ")
          ? auth.slice(7).trim()
          : auth.startsWith("Basic ")
            ? Buffer.from(auth.slice(6), "base64").toString().split(":")[0]
            : "";
        if (given !== STRIPE_EMULATOR_KEYS.secretKey) {
          const message = given
            ? `Invalid API Key provided: ${given.slice(0, 8)}****`
            : "You did not provide an API key. Use `Authorization: Bearer sk_test_emulator`.";
          return send(reply, stripeError(401, { message }));
        }
        if (records.read<{ api: string }>(P, "control")?.api === "down") {
          reply.header("stripe-should-retry", "false");
          return send(reply, stripeError(500, { message: "The emulated Stripe API is down." }, "api_error"));
        }
      });

      // Stripe replays its first answer to a repeated Idempotency-Key instead of doing the work twice.
      const idempotent = async (request: FastifyRequest, reply: FastifyReply, work: () => Promise<Answer>) => {
        const header = request.headers["idempotency-key"];
        const id = typeof header === "string" && header ? `idem:${header}` : null;
        const saved = id ? records.read<Answer>(P, id) : null;
        if (saved) return send(reply.header("idempotent-replayed", "true"), saved);
        const result = await work();
        if (id && result.status < 500) records.write(P, id, result);
        return send(reply, result);
      };

      api.post("/checkout/sessions", (request, reply) =>
        idempotent(request, reply, async () => {
          const parsed = createSessionParams.safeParse(request.body ?? {});
          if (!parsed.success) return invalidParams(parsed.error);
          const unrounded = unroundedLine(parsed.data.line_items);
          if (unrounded) return unrounded;
          const record = newSessionRecord(parsed.data, `${request.protocol}://${request.host}`);
          if (!record) return stripeError(400, { param: "line_items", message: "Line items must share one currency." });
          records.write(P, record.session.id, record);
          return answer(200, record.session);
        }),
      );

      // Stripe: only an open session can be expired; it can never be paid afterwards.
      api.post("/checkout/sessions/:id/expire", async (request, reply) => {
        const { id } = request.params as { id: string };
        const result = expireSession(records, id);
        if (!result)
          return send(
            reply,
            stripeError(404, { code: "resource_missing", message: `No such checkout.session: '${id}'` }),
          );
        if (!result.expired) {
          return send(
            reply,
            stripeError(400, {
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${result.record.session.status}".`,
            }),
          );
        }
        await notify(result.record, "checkout.session.expired");
        return send(reply, answer(200, result.record.session));
      });

      api.post("/refunds", (request, reply) =>
        idempotent(request, reply, async () => {
          const parsed = refundParams.safeParse(request.body ?? {});
          return parsed.success ? refund(records, parsed.data) : invalidParams(parsed.error);
        }),
      );

      for (const [path, prefix] of [
        ["/checkout/sessions/:id", "cs_"],
        ["/payment_intents/:id", "pi_"],
        ["/refunds/:id", "re_"],
      ] as const) {
        api.get(path, async (request, reply) => {
          const { id } = request.params as { id: string };
          const record = id.startsWith(prefix) ? records.read<Record<string, object>>(P, id) : null;
          const object = record?.session ?? record?.intent ?? record;
          if (object) return send(reply, answer(200, object));
          return send(reply, stripeError(404, { code: "resource_missing", message: `No such object: '${id}'` }));
        });
      }

      api.route({
        method: ["GET", "POST", "DELETE"],
        url: "/*",
        handler: (request, reply) =>
          send(reply, stripeError(404, { message: `Unrecognized request URL (${request.method}: ${request.url}).` })),
      });
    },
    { prefix: "/v1" },
  );

  // ---- The hosted page and its buttons (plain forms: the page runs no script) --------------------

  const page = "/emulator/stripe/checkout/:id";
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const sessionRecord = (id: string) => (id.startsWith("cs_") ? records.read<SessionRecord>(P, id) : null);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const i18n = emulatorLanguage(request);
    return sendPage(
      reply,
      { i18n, provider: "Stripe Checkout", title: i18n.t("No such checkout"), lines: [], total: "—", actions: [] },
      { status: 404 },
    );
  };

  app.get(page, async (request, reply) => {
    const record = sessionRecord(idOf(request));
    if (!record) return notFound(request, reply);
    const { session } = record;
    const base = `/emulator/stripe/checkout/${session.id}`;
    const i18n = emulatorLanguage(request, session.locale);
    const { t } = i18n;
    const total = i18n.money(session.amount_total, session.currency);
    const open = session.status === "open";
    const view: PageContent = {
      i18n,
      provider: "Stripe Checkout",
      title: open
        ? t("Pay {{total}}", { total })
        : session.status === "complete"
          ? t("This checkout is complete")
          : t("This checkout is expired"),
      lines: record.lines.map((l) => ({
        name: l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name,
        price: i18n.money(l.unit_amount * l.quantity, session.currency),
      })),
      total,
      actions: open
        ? [
            { label: t("Pay"), action: `${base}/pay`, tone: "primary", choice: countryChoice(i18n, "Card's country") },
            { label: t("Decline card"), action: `${base}/decline` },
            { label: t("Cancel"), action: `${base}/cancel` },
          ]
        : [
            {
              label: t("Return to the store"),
              action: `${base}/${session.status === "complete" ? "pay" : "cancel"}`,
            },
          ],
      ...(session.customer_email ? { note: t("Paying as {{email}}.", { email: session.customer_email }) } : {}),
    };
    return sendPage(reply, view, { remember: true });
  });

  /**
   * Pay and Decline end an open session once, under a lock: a second click
   * neither charges nor notifies again, it only sends the browser on. A
   * decline is told the way Stripe tells a failed delayed payment: the session
   * completes unpaid and checkout.session.async_payment_failed follows.
   */
  const finish = (paid: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const id = idOf(request);
    const country = postedCountry(formFields(request.body));
    const override = z
      .enum(WEBHOOK_MODES)
      .optional()
      .catch(undefined)
      .parse((request.query as { webhook?: string }).webhook ?? (request.body as { webhook?: string })?.webhook);
    const result = id.startsWith("cs_")
      ? records.change<SessionRecord>(P, id, (record) => {
          if (record.session.status !== "open") return false;
          const { session } = record;
          const intent = {
            id: newId("pi"),
            object: "payment_intent" as const,
            amount: session.amount_total,
            currency: session.currency,
            status: paid ? "succeeded" : "requires_payment_method",
            latest_charge: paid ? newId("ch") : null,
            created: unix(),
            livemode: false,
            ...(paid ? {} : { last_payment_error: { code: "card_declined", message: "Your card was declined." } }),
          };
          records.write(P, intent.id, { intent, refunded: 0 } satisfies IntentRecord);
          const payment_status = paid ? "paid" : "unpaid";
          const customer_details = { email: session.customer_email, address: { country } };
          Object.assign(session, {
            status: "complete",
            payment_status,
            payment_intent: intent.id,
            url: null,
            customer_details,
          });
          if (override) record.control.webhook = override;
          return true;
        })
      : null;
    if (!result) return notFound(request, reply);
    const { session } = result.record;
    if (result.changed) {
      await notify(result.record, paid ? "checkout.session.completed" : "checkout.session.async_payment_failed");
    }
    const landing = session.payment_status === "paid" && paid ? session.success_url : session.cancel_url;
    return reply.redirect(withSessionId(landing, id), 303);
  };
  app.post(`${page}/pay`, finish(true));
  app.post(`${page}/decline`, finish(false));

  // Like the back link on Stripe's page: the session stays open; the store decides what cancelling means.
  app.post(`${page}/cancel`, async (request, reply) => {
    const record = sessionRecord(idOf(request));
    if (!record) return notFound(request, reply);
    return reply.redirect(withSessionId(record.session.cancel_url, record.session.id), 303);
  });

  // ---- Test controls ------------------------------------------------------------------------------

  app.post("/emulator/stripe/control", async (request, reply) => {
    const parsed = controlParams.safeParse(request.body ?? {});
    if (!parsed.success) return send(reply, answer(422, { status: false, message: parsed.error.issues[0]?.message }));
    const control = parsed.data;
    if (control.api) records.write(P, "control", { api: control.api });
    if (!control.session_id) return answer(200, { status: true, message: `The emulated API is ${control.api}.` }).body;
    const result = records.change<SessionRecord>(P, control.session_id, (record) => {
      record.control.webhook = control.webhook ?? record.control.webhook;
      record.control.delay_ms = control.delay_ms ?? record.control.delay_ms;
      return true;
    });
    if (!result) return send(reply, answer(404, { status: false, message: "No such checkout session." }));
    if (control.expire) {
      const expiry = expireSession(records, control.session_id);
      if (expiry?.expired) await notify(expiry.record, "checkout.session.expired");
    }
    return answer(200, { status: true, message: "Saved.", control: result.record.control }).body;
  });

  app.get("/emulator/stripe/control", async (request, reply) => {
    const record = sessionRecord((request.query as { session_id?: string }).session_id ?? "");
    if (!record) return send(reply, answer(404, { status: false, message: "No such checkout session." }));
    return answer(200, { status: true, message: "The session as the emulator keeps it.", ...record }).body;
  });
};
