import type { CategoryEntry, MoreCategoriesResponse } from "@skillshelf/shared/api.ts";
import { apiCall } from "../../../lib/api-client";

/**
 * GET /api/categories/more: the 'More..' list, loaded when the dropdown opens rather
 * than carried by every page. The answer has an ETag, so asking again on each opening
 * costs a 304 and still shows a catalogue change. Quiet: a failure falls back to /more.
 * The names come in the page's `language`.
 */
export async function getMoreCategories(language: string): Promise<CategoryEntry[] | null> {
  const path = language === "en" ? "/api/categories/more" : `/api/categories/more?lang=${language}`;
  const result = await apiCall<Pick<MoreCategoriesResponse, "data">>(path, {
    method: "GET",
    quiet: true,
  });
  return result.ok && result.body ? result.body.data : null;
}
