import type { profileSchema } from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

/** current_password goes only with a new email (the form's schema requires it then). */
export function updateProfile(input: z.output<typeof profileSchema>, notify: Notifier) {
  return apiCall<{ data: UserRecord }>("/api/update-profile", { body: input, notify });
}
