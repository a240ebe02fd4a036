import type { changePasswordSchema } from "@skillshelf/shared/account-forms.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

/** Signs out the account's other sessions; this one stays. */
export function changePassword(input: z.output<typeof changePasswordSchema>, notify: Notifier) {
  return apiCall<object>("/api/change-password", { body: input, notify });
}
