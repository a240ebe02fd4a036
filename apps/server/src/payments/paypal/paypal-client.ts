import { z } from "zod";
import type { PaypalSettings } from "../provider-settings.ts";

/** A call to PayPal that failed: unreachable (status null), refused, or answered with something unexpected. */
export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** PayPal's `details[0].issue`, e.g. ORDER_ALREADY_CAPTURED. */
    readonly issue: string | null = null,
  ) {
    super(message);
  }
}

const money = z.object({ currency_code: z.string(), value: z.string() });
export type PaypalMoney = z.infer<typeof money>;

const capture = z.object({ id: z.string(), status: z.string(), amount: money.optional() });

const paypalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  payer: z.object({ address: z.object({ country_code: z.string().optional() }).optional() }).optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).default([]),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(capture).default([]) }).optional() }))
    .default([]),
});
export type PaypalOrder = z.infer<typeof paypalOrderSchema>;

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const verificationSchema = z.object({ verification_status: z.string() });
const refundSchema = z.object({ id: z.string(), status: z.string() });
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});

export interface WebhookVerification {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

const TIMEOUT_MS = 20_000;
/** Renew the token this long before PayPal says it expires, so a call never carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;

/** PayPal REST (Orders v2, Payments v2, Notifications v1) over fetch, with the OAuth token cached until expiry. */
export class PaypalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly settings: PaypalSettings) {}

  createOrder(body: unknown, requestId: string): Promise<PaypalOrder> {
    return this.call("POST", "/v2/checkout/orders", paypalOrderSchema, { body, requestId });
  }

  /** Idempotent per requestId: PayPal answers a repeat with the first capture's result. */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    return this.call("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, paypalOrderSchema, {
      body: {},
      requestId,
    });
  }

  getOrder(orderId: string): Promise<PaypalOrder> {
    return this.call("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`, paypalOrderSchema, {});
  }

  async verifyWebhookSignature(verification: WebhookVerification): Promise<boolean> {
    const result = await this.call("POST", "/v1/notifications/verify-webhook-signature", verificationSchema, {
      body: verification,
    });
    return result.verification_status === "SUCCESS";
  }

  /** Refunds a capture, in full when no amount is given. */
  refundCapture(captureId: string, requestId: string, amount?: PaypalMoney) {
    return this.call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, refundSchema, {
      body: amount ? { amount } : {},
      requestId,
    });
  }

  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return Promise.resolve(this.token.value);
    // Concurrent callers share one token request.
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const { clientId, clientSecret } = this.settings;
    const response = await this.send("/v1/oauth2/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    const token = await this.parse(response, "/v1/oauth2/token", tokenSchema);
    this.token = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
    return token.access_token;
  }

  private async call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    options: { body?: unknown; requestId?: string },
    retried = false,
  ): Promise<T> {
    const token = await this.accessToken();
    const response = await this.send(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        prefer: "return=representation",
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.requestId ? { "paypal-request-id": options.requestId } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    // A token revoked before its time (rotated credentials, a restarted emulator): fetch a new one once.
    if (response.status === 401 && !retried) {
      await response.body?.cancel();
      this.token = null;
      return this.call(method, path, schema, options, true);
    }
    return this.parse(response, path, schema);
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.settings.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PaypalError(`PayPal could not be reached (${path}): ${(error as Error).message}`, null);
    }
  }

  private async parse<T>(response: Response, path: string, schema: z.ZodType<T>): Promise<T> {
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorSchema.safeParse(json);
      const detail = error.success ? (error.data.message ?? error.data.error_description ?? error.data.name) : null;
      throw new PaypalError(
        `PayPal answered ${path} with ${response.status}${detail ? `: ${detail}` : ""}`,
        response.status,
        (error.success && error.data.details?.[0]?.issue) || null,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaypalError(`PayPal answered ${path} with an unexpected body`, response.status);
    return parsed.data;
  }
}
