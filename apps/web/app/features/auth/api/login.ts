import type { loginSchema } from "@skillshelf/shared/account-forms.ts";
import type { LoginResponse } from "@skillshelf/shared/api.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

/** Sets the HttpOnly access-token cookie: a session cookie, or one of 30 days with remember_me. */
export function login(input: z.output<typeof loginSchema>, notify: Notifier) {
  return apiCall<Omit<LoginResponse, "status" | "message">>("/api/login", { body: input, notify });
}
