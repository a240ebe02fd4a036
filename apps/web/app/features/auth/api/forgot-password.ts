import type { forgotPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

export function requestPasswordReset(input: z.output<typeof forgotPasswordSchema>, notify: Notifier) {
  return apiCall<object>("/api/forgot-password", { body: input, notify });
}
