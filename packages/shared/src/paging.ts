import { z } from "./zod.ts";

/**
 * Keyset (cursor) paging of the long lists: a learner's orders and items, the
 * admin area's learners and orders. Newest first, PAGE_SIZE a page; a page
 * answer carries opaque cursors to the pages after and before it.
 */

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Cursors the server issues are about 80 characters; anything much longer is not one. */
export const MAX_CURSOR_LENGTH = 256;

export const PAGING_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  cursorMalformed: "This page link is not valid. Start again from the first page.",
  cursorForged: "This page link was altered or belongs to another list or search. Start again from the first page.",
  cursorExpired: "This page link has expired. Start again from the first page.",
} as const;

/** The query of every paged list call: where to start and how many rows. */
export const pageQuery = z.object({
  cursor: z
    .string({ error: PAGING_MESSAGES.cursorMalformed })
    .max(MAX_CURSOR_LENGTH, PAGING_MESSAGES.cursorMalformed)
    .optional()
    .describe("next_cursor or prev_cursor of an earlier answer of the same list (and search); omit for the newest"),
  limit: z.coerce
    .number({ error: PAGING_MESSAGES.limit })
    .int(PAGING_MESSAGES.limit)
    .min(1, PAGING_MESSAGES.limit)
    .max(MAX_PAGE_SIZE, PAGING_MESSAGES.limit)
    .default(PAGE_SIZE)
    .describe(`rows a page, 1 to ${MAX_PAGE_SIZE}`),
});

export const MAX_SEARCH_LENGTH = 200;

/** The query of an admin list (learners, orders): a search, and where to start in it. */
export const searchPageQuery = pageQuery.extend({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional()
    .describe("a part of what to find; case does not matter"),
});

export type PageRequest = { cursor?: string | undefined; limit: number };

/** One page of a list, newest first. */
export interface Page<Row> {
  rows: Row[];
  /** The page of older rows; null on the last page. */
  next_cursor: string | null;
  /** The page of newer rows; null on the first page. */
  prev_cursor: string | null;
  limit: number;
}

/**
 * The answer of a paged list (declared as its response schema): the envelope
 * with `data` holding the rows and the cursors.
 */
export function pageResponse<Row extends z.ZodType>(row: Row) {
  return z.object({
    status: z.boolean(),
    message: z.string(),
    data: z.object({ rows: z.array(row), ...pageCursorFields }),
  });
}

/** What a page answer adds to its rows: where the pages on either side start. */
export const pageCursorFields = {
  next_cursor: z.string().nullable().describe("pass as cursor for the older rows; null on the last page"),
  prev_cursor: z.string().nullable().describe("pass as cursor for the newer rows; null on the first page"),
  limit: z.number().int(),
};
