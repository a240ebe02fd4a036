import { plain } from "@skillshelf/shared/i18n/message.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { z } from "zod";
import { markNotificationsRead } from "../notifications/notifications.ts";
import { defineOperation } from "./operation.ts";

/** Marks some of the learner's own notifications read; another learner's ids change nothing. */
export const markNotificationsReadOperation = defineOperation({
  name: "notifications.read",
  who: "learner",
  input: z.object({
    ids: z.array(rowId("ids must be notification ids")).min(1, "ids is required").max(100, "At most 100 ids"),
  }),
  run: async ({ app, actor }, { ids }) => ({
    message: plain("Notifications marked read."),
    data: { marked: await markNotificationsRead(app.database.db, actor.userId, ids, app.clock()) },
  }),
});
