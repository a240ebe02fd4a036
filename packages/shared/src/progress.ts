import { rowId } from "./ids.ts";
import { z } from "./zod.ts";

/**
 * Reading progress (issue 13): a learner who owns an article marks it done,
 * and sees it on the article, its listing and My Items. The API's and the
 * pages' messages and shapes.
 */
export const PROGRESS_MESSAGES = {
  marked: "Marked as done.",
  unmarked: "Marked as not done.",
  fetched: "Progress fetched successfully",
  notOwned: "Only the articles you own count towards your progress.",
  contentNotFound: "Content not found",
  artefactNotFound: "Artefact not found",
  contentId: "content_id must be an article id",
  done: "done must be true or false",
  category: "category must be an artefact's slug",
} as const;

const id = z.number().int();

/** Where the viewer stands with one article: done is only ever true for an article they own. */
export const articleProgressSchema = z.object({
  owned: z.boolean().describe("the learner owns the article (its artefact, or its group, not refunded)"),
  done: z.boolean(),
});
export type ArticleProgress = z.infer<typeof articleProgressSchema>;

/** The answer of marking or unmarking one article. */
export const progressMarkSchema = z.object({ content_id: id, done: z.boolean() });

/** One owned item's progress on My Items (GET /api/get-items). */
export const itemProgressSchema = z.object({
  done: id.describe("articles of the item the learner has done"),
  total: id.describe("articles in the item"),
  next: z
    .object({ slug: z.string(), title: z.string() })
    .nullable()
    .describe(
      "the first article not done, in the listing's order (groups, then the other articles); the first article when all are done; null when the item has no articles",
    ),
});
export type ItemProgress = z.infer<typeof itemProgressSchema>;

/** The article page's form (no JavaScript: a plain post to the article's route). */
export const progressFormSchema = z.object({
  content_id: rowId(PROGRESS_MESSAGES.contentId),
  done: z.enum(["true", "false"], { error: PROGRESS_MESSAGES.done }).transform((value) => value === "true"),
});
