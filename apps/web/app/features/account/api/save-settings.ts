import type { settingsSchema } from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import type { z } from "zod";
import { apiCall, type Notifier } from "../../../lib/api-client";

export function saveSettings(input: z.output<typeof settingsSchema>, notify: Notifier) {
  return apiCall<{ data: UserRecord }>("/api/setting", { body: input, notify });
}
