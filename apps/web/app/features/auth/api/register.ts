import type { registerSchema } from "@skillshelf/shared/account-forms.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

export function register(input: z.output<typeof registerSchema>, notify: Notifier) {
  return apiCall<object>("/api/register", { body: input, notify });
}
