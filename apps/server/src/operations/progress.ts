import { plain } from "@skillshelf/shared/i18n/message.ts";
import { PROGRESS_MESSAGES, progressFormSchema } from "@skillshelf/shared/progress.ts";
import { setDone } from "../progress/reading-progress.ts";
import { defineOperation } from "./operation.ts";

/** Marks an article the learner owns as done, or not: 404 for an unknown one, 403 for one not owned. */
export const markDoneOperation = defineOperation({
  name: "progress.mark",
  who: "learner",
  input: progressFormSchema,
  run: async ({ app, actor }, input) => ({
    message: plain(input.done ? PROGRESS_MESSAGES.marked : PROGRESS_MESSAGES.unmarked),
    data: await setDone({
      db: app.database.db,
      userId: actor.userId,
      contentId: input.content_id,
      done: input.done,
      now: app.clock(),
    }),
  }),
});
