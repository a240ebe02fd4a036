import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { type Formatting, formatAmount } from "@skillshelf/shared/formatting.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import type { ApiResult, Notifier } from "../../lib/api-client";

export type AdminMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * The admin area's call: like apiCall (lib/api-client.ts) with every method
 * the admin API uses, and multipart bodies for uploads. The session travels
 * in the HttpOnly cookie. Success toasts unless quiet (GETs are always quiet);
 * every refusal shows the server's message as an error toast.
 */
export async function adminCall<T = Record<string, never>>(
  path: string,
  options: { method?: AdminMethod; body?: unknown; form?: FormData; notify?: Notifier; quiet?: boolean } = {},
): Promise<ApiResult<T>> {
  const { notify, form } = options;
  const method = options.method ?? (options.body !== undefined || form ? "POST" : "GET");
  const quiet = options.quiet ?? method === "GET";
  const headers: Record<string, string> = { accept: "application/json", device_type: "web" };
  let body: BodyInit | undefined;
  if (form) body = form;
  else if (method !== "GET" && method !== "DELETE") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: "same-origin", headers, body });
  } catch {
    notify?.error(GENERIC_ERROR);
    return { httpStatus: 0, body: null, ok: false, message: GENERIC_ERROR };
  }
  const parsed = (await response.json().catch(() => null)) as ApiResult<T>["body"];
  const status = response.status;
  if (!parsed || typeof parsed.message !== "string") {
    notify?.error(GENERIC_ERROR);
    return { httpStatus: status, body: null, ok: false, message: GENERIC_ERROR };
  }
  const message = parsed.message || GENERIC_ERROR;
  const ok = status >= 200 && status < 300 && parsed.status === true;
  if (ok && !quiet) notify?.success(message);
  if (!ok) notify?.error(message);
  return { httpStatus: status, body: status === 401 ? null : parsed, ok, message };
}

/** A price for the operator in their language's format ('£12.50', '12,50 £'), or Free (English: t() it where shown). */
export function formatMoney(amount: number | null, currency: string, formatting?: Formatting): string {
  return amount === null ? "Free" : formatAmount(amount, currency, formatting);
}

/**
 * A timestamp for the operator, as orders show dates, in the time zone of their
 * settings: the same text in the server's HTML and after hydration.
 */
export function formatWhen(iso: string, formatting: Formatting): string {
  return formatOrderDate(iso, formatting);
}
