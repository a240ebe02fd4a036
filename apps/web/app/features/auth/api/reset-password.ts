import type { resetPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

export function resetPassword(input: z.output<typeof resetPasswordSchema>, notify: Notifier) {
  return apiCall<object>("/api/reset-password", { body: input, notify });
}
