import { PAYPAL_EMULATOR_CREDENTIALS } from "@skillshelf/shared/payment-emulators.ts";
import type { TestStore } from "./app.ts";

/**
 * The PayPal emulator sends its webhooks to the store over HTTP, so a PayPal
 * test store listens on a free port; returns the emulators' origin, where
 * the PayPal emulator answers.
 */
export async function listenForPaypal(store: TestStore): Promise<string> {
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  return store.emulators.origin;
}

/** Calls the emulator's REST API the way PayPal's own clients do: an OAuth token, then JSON. */
export async function paypalRest<T = Record<string, unknown>>(
  origin: string,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string> = {},
) {
  const basic = Buffer.from(`${PAYPAL_EMULATOR_CREDENTIALS.clientId}:${PAYPAL_EMULATOR_CREDENTIALS.clientSecret}`);
  const tokenResponse = await fetch(`${origin}/emulator/paypal/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic.toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const response = await fetch(`${origin}/emulator/paypal${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json", ...headers },
    ...(method === "POST" ? { body: "{}" } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Waits for something that happens in the background (a webhook delivery). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
