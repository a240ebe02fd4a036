import { validateForm } from "@skillshelf/shared/account-forms.ts";
import {
  adminFormInput,
  categoryCreateSchema,
  categoryReorderSchema,
  categoryUpdateSchema,
  contentCreateSchema,
  contentUpdateSchema,
  groupCreateSchema,
  groupUpdateSchema,
  moveSchema,
  relatedSchema,
  reorderSchema,
} from "@skillshelf/shared/admin-forms.ts";
import type { ActionOutcome, ActionResult } from "@skillshelf/shared/api.ts";
import { translationsOfFields, translationUpdateSchema } from "@skillshelf/shared/catalogue-translations.ts";
import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { answerForm, formValues, inPageLanguage, pageUrl, refusedForm } from "../../../lib/form-action";
import { type PageContext, storeContext } from "../../../load-context";
import { requireAdmin } from "../require-admin";
import { CATALOGUE_CHECKBOXES, type CatalogueIntent, treeParamsOf } from "./catalogue-intents";
import { CATALOGUE_PATH, savedPath, withQuery } from "./catalogue-url";

/** What a plain form post's failure renders with: which form it was, and what was typed in it. */
interface PostedCatalogueForm {
  intent: string;
  id: string;
  fields: Record<string, string | boolean>;
}

/** The action's data: an outcome, and with a failure the form it belongs to. */
type CatalogueAnswer =
  | ActionOutcome<unknown>
  | (Extract<ActionOutcome<unknown>, { ok: false }> & { posted: PostedCatalogueForm });
type Answer = Response | ReturnType<typeof data<CatalogueAnswer>>;

/**
 * The catalogue editor's form posts, by intent: each checked with its shared
 * schema, then run by the store's own operations (the same as /api/admin). A
 * route takes the intents of its own forms and of the tree's (`accepted`). A
 * plain form post that succeeds goes on (303) to what it saved, in the
 * editor's URL; one that fails gets the page again with the messages.
 */
export async function catalogueAction(
  store: PageContext,
  form: FormData,
  /** The tree's path (where a deleted item's editor closes to), and the page (path and query) the form was on. */
  page: { base: string; here: string },
  accepted: readonly CatalogueIntent[],
): Promise<Answer> {
  const { base, here } = page;
  const intent = String(form.get("intent") ?? "");
  const fields = formValues(form, CATALOGUE_CHECKBOXES);
  const posted: PostedCatalogueForm = { intent, id: String(form.get("id") ?? ""), fields };
  const answer = <T>(outcome: ActionResult<T>, to: (saved: T) => string) =>
    outcome.ok
      ? answerForm(store, outcome, to(outcome.data))
      : data({ ...inPageLanguage(store, outcome), posted }, { status: outcome.status });
  if (!isAccepted(intent, accepted)) return answer(refusedForm({}, GENERIC_ERROR), () => base);
  const id = rowId().safeParse(form.get("id")).data ?? 0;
  const ids = form.getAll("ids").map((value) => Number(value));
  const writes = store.adminWrites;
  const currency = store.storeCurrency;
  // The tree stays as it was (its search, page and open artefacts) whichever editor opens or closes;
  // without an `open=`, the saved item's artefact opens.
  const tree = treeParamsOf(new URL(here, "http://x").searchParams, { emptyOpen: false });
  const edit = (kind: "category" | "group" | "content") => (saved: { id: number }) =>
    withQuery(savedPath(kind, saved.id), tree);
  const closed = () => withQuery(base, tree);
  const back = () => here;

  /** A form with fields: its schema first, then the write. */
  const run = async <S extends z.ZodType, T>(
    schema: S,
    values: unknown,
    write: (input: z.output<S>) => Promise<ActionResult<T>>,
    to: (saved: T) => string,
  ) => {
    const checked = validateForm(schema, values);
    return answer(checked.ok ? await write(checked.data) : refusedForm(checked.errors), to);
  };
  const input = adminFormInput(fields);
  const byIntent: Record<CatalogueIntent, () => Promise<Answer>> = {
    "category-create": () =>
      run(categoryCreateSchema(currency), input, (v) => writes.createCategory(v), edit("category")),
    "category-update": () =>
      run(categoryUpdateSchema(currency), input, (v) => writes.updateCategory(id, v), edit("category")),
    "category-delete": async () => answer(await writes.deleteCategory(id), closed),
    "categories-reorder": () =>
      run(categoryReorderSchema, { parent_id: input.parent_id ?? null, ids }, (v) => writes.reorderCategories(v), back),
    move: () => run(moveSchema, input, (v) => writes.moveItem(v.kind, v.id, v.step), back),
    "group-create": () => run(groupCreateSchema(currency), input, (v) => writes.createGroup(id, v), edit("group")),
    "group-update": () => run(groupUpdateSchema(currency), input, (v) => writes.updateGroup(id, v), edit("group")),
    "group-delete": async () => answer(await writes.deleteGroup(id), closed),
    "groups-reorder": () => run(reorderSchema, { ids }, (v) => writes.reorderGroups(id, v.ids), back),
    "content-create": () => run(contentCreateSchema, input, (v) => writes.createContent(id, v), edit("content")),
    "content-update": () => run(contentUpdateSchema, input, (v) => writes.updateContent(id, v), edit("content")),
    "content-delete": async () => answer(await writes.deleteContent(id), closed),
    "contents-reorder": () => run(reorderSchema, { ids }, (v) => writes.reorderContents(id, v.ids), back),
    related: () => run(relatedSchema, { ids }, (v) => writes.setRelated(id, v.ids), back),
    "media-delete": async () => answer(await writes.deleteMedia(id), back),
    translate: () =>
      run(
        translationUpdateSchema,
        { kind: fields.kind, id: fields.id, translations: translationsOfFields(fields) },
        (v) => writes.translate(v),
        back,
      ),
  };
  return byIntent[intent]();
}

const isAccepted = (value: string, accepted: readonly CatalogueIntent[]): value is CatalogueIntent =>
  (accepted as readonly string[]).includes(value);

/**
 * An editor route's action: its own forms' intents and the tree's
 * (`accepted`), posted to its path; a deleted item's editor closes to the tree.
 */
export async function editorAction(
  { context, request, url }: { context: Readonly<RouterContextProvider>; request: Request; url: URL },
  accepted: readonly CatalogueIntent[],
): Promise<Answer> {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  return catalogueAction(store, await request.formData(), { base: CATALOGUE_PATH, here: pageUrl(url) }, accepted);
}
