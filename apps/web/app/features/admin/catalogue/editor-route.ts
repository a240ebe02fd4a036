import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import type { TranslatedItem } from "@skillshelf/shared/catalogue-translations.ts";
import { useNavigate, useSearchParams } from "react-router";
import { type Editor, editorHref, openOf } from "./catalogue-url";
import type { PostedFields } from "./fields";

/** A plain form post of one of the editor's forms that failed: which, what was typed, and why. */
export interface PostedForm {
  intent: string;
  id: string;
  fields: PostedFields;
  errors?: Record<string, string> | undefined;
}

/** An editor route's action data: an outcome, and with a plain form post's failure the form it belongs to. */
type EditorAnswer =
  | ActionOutcome<unknown>
  | (Extract<ActionOutcome<unknown>, { ok: false }> & { posted: Omit<PostedForm, "errors"> });

/** The form a plain post that failed (no JavaScript) came from: what was typed in it, and why it was refused. */
export function postedOf(answer: EditorAnswer | undefined): PostedForm | undefined {
  return answer && !answer.ok && "posted" in answer ? { ...answer.posted, errors: answer.errors } : undefined;
}

/** The failed post of the form of `intent` (for the item `id`, or any item when null), if it is that one. */
export const postedFor = (posted: PostedForm | undefined, intent: string, id: number | null) =>
  posted?.intent === intent && (id === null || posted.id === String(id)) ? posted : undefined;

/** The failed post of the translations form of the item `id` of `kind` (a content and its media share the page). */
export const postedTranslation = (posted: PostedForm | undefined, kind: TranslatedItem, id: number) => {
  const form = postedFor(posted, "translate", id);
  return form?.fields?.kind === kind ? form : undefined;
};

/** Opens another editor (null: closes it), keeping the tree's search, page and open artefacts. */
export function useOpenEditor(): (editor: Editor | null) => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (editor) => void navigate(editorHref(params, openOf(params), editor), { preventScrollReset: true });
}
