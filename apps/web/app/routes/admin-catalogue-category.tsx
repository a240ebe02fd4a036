import { data, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { editorAction } from "../features/admin/catalogue/catalogue-action.server";
import { CATEGORY_INTENTS, ICON_SEARCH, PARENT_SEARCH } from "../features/admin/catalogue/catalogue-intents";
import { type Editor, idParam } from "../features/admin/catalogue/catalogue-url";
import { CategoryForm } from "../features/admin/catalogue/category-form";
import { EditorHint } from "../features/admin/catalogue/editor-hint";
import { postedFor, postedOf, postedTranslation, useOpenEditor } from "../features/admin/catalogue/editor-route";
import { TranslationsForm } from "../features/admin/catalogue/translations-form";
import { requireAdmin } from "../features/admin/require-admin";
import { serverActionOrFailure } from "../lib/client-action";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-catalogue-category";

/**
 * A parent category's or an artefact's editor: categories/12 edits one,
 * categories/new adds a parent, categories/3/artefacts/new an artefact in parent 3.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const categoryId = "categoryId" in params ? idParam(params.categoryId) : null;
  const parentId = "parentId" in params ? idParam(params.parentId) : 0;
  // The category the form edits, or the parent a new artefact goes in.
  const read = categoryId ?? parentId;
  const categoryRead = read ? store.admin.category(read) : Promise.resolve(null);
  // What an artefact's form offers as its parent (?parents= searches them): the new one's parent, or its own, first.
  const search = url.searchParams.get(PARENT_SEARCH) || undefined;
  const current = categoryId === null ? parentId : (await categoryRead)?.parent_id;
  const [category, parents] = await Promise.all([
    categoryRead,
    current ? store.admin.parentChoices({ current, search }) : null,
  ]);
  let editor: Editor | null = null;
  if (categoryId !== null)
    editor = category && { kind: "category", parentId: category.parent_id, categoryId: category.id };
  else if (parentId === 0) editor = { kind: "category", parentId: 0, categoryId: null };
  else if (category?.parent_id === 0) editor = { kind: "category", parentId, categoryId: null };
  // The icon picker's list (?icons= searches the icon sets): the category's icon first, the default for a new one.
  const iconSearch = url.searchParams.get(ICON_SEARCH) || undefined;
  const iconPicker = {
    ...store.admin.iconChoices({ current: (categoryId === null ? null : category?.icon) ?? "", search: iconSearch }),
    searched: iconSearch !== undefined,
  };
  // A link to what is not there (deleted, or not a parent to add to): the tree and its hint, answered 404.
  return data(
    { editor, category: categoryId === null ? null : category, parents, iconPicker, currency: store.storeCurrency },
    { status: editor ? 200 : 404 },
  );
}

export const action = (args: Route.ActionArgs) => editorAction(args, CATEGORY_INTENTS);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export default function CatalogueCategory({ loaderData }: Route.ComponentProps) {
  const { editor, category, parents, iconPicker, currency } = loaderData;
  const answer = useActionData<typeof action>();
  const posted = postedOf(answer);
  const openEditor = useOpenEditor();
  if (editor?.kind !== "category") return <EditorHint />;
  return (
    <>
      <FormNotice outcome={answer} fieldless />
      <CategoryForm
        key={`c-${editor.categoryId}-${editor.parentId}`}
        {...(category ? { category } : {})}
        parentId={editor.parentId}
        parents={parents ?? []}
        icons={iconPicker}
        currency={currency}
        posted={postedFor(
          posted,
          editor.categoryId !== null ? "category-update" : "category-create",
          editor.categoryId,
        )}
        onSaved={(saved) => openEditor({ kind: "category", parentId: saved.parent_id, categoryId: saved.id })}
      />
      {category && (
        <TranslationsForm
          key={`tc-${category.id}`}
          kind="category"
          id={category.id}
          english={{
            name: category.name,
            single_line: category.single_line,
            ...(category.parent_id === 0 ? {} : { payment_note: category.payment_note }),
            meta_title: category.meta_title,
            meta_description: category.meta_description,
          }}
          translations={category.translations}
          preview={category.hidden ? undefined : `/${category.slug}`}
          posted={postedTranslation(posted, "category", category.id)}
        />
      )}
    </>
  );
}
