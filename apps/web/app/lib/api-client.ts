import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";

export interface ApiResult<T> {
  /** The HTTP status, or 0 when the network failed. */
  httpStatus: number;
  /** The response body; null for 401, other statuses and network failures (SPEC.md section 8). */
  body: (T & { status: boolean; message: string; errors?: Record<string, string> }) | null;
  /** True when the call succeeded: a 2xx answer whose body says status true. */
  ok: boolean;
  /** The message to show. */
  message: string;
}

export interface Notifier {
  success(message: string): void;
  error(message: string): void;
}

/**
 * The browser's POST helper of SPEC.md sections 7 and 8. The session travels in
 * the HttpOnly cookie, so no token is kept in script-readable storage.
 * 2xx: a success toast (unless quiet), or an error toast when status is false.
 * An error status with the envelope (400, 403, 404, 409, 422, 429, 500): an
 * error toast with the server's message, body returned. 401: an error toast,
 * nothing returned. No envelope, or no network: 'Something went wrong. Please
 * try again.'
 */
export async function apiCall<T = Record<string, never>>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; notify?: Notifier; quiet?: boolean } = {},
): Promise<ApiResult<T>> {
  const { notify, quiet = false, method = "POST" } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json", device_type: "web" },
      ...(method === "POST" ? { body: JSON.stringify(options.body ?? {}) } : {}),
    });
  } catch {
    notify?.error(GENERIC_ERROR);
    return { httpStatus: 0, body: null, ok: false, message: GENERIC_ERROR };
  }
  const body = (await response.json().catch(() => null)) as ApiResult<T>["body"];
  const status = response.status;
  if (!body || typeof body.message !== "string" || status > 599) {
    notify?.error(GENERIC_ERROR);
    return { httpStatus: status, body: null, ok: false, message: GENERIC_ERROR };
  }
  const message = body.message || GENERIC_ERROR;
  const ok = status >= 200 && status < 300 && body.status === true;
  if (ok && !quiet) notify?.success(message);
  if (!ok) notify?.error(message);
  // A 401 returns nothing: the caller treats the learner as signed out.
  return { httpStatus: status, body: status === 401 ? null : body, ok, message };
}
