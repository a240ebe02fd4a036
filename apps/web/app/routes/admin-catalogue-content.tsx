import { data, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { editorAction } from "../features/admin/catalogue/catalogue-action.server";
import { CONTENT_INTENTS, RELATED_SEARCH } from "../features/admin/catalogue/catalogue-intents";
import { idParam } from "../features/admin/catalogue/catalogue-url";
import { ContentEditor } from "../features/admin/catalogue/content-editor";
import { EditorHint } from "../features/admin/catalogue/editor-hint";
import { postedOf, postedTranslation, useOpenEditor } from "../features/admin/catalogue/editor-route";
import { TranslationsForm } from "../features/admin/catalogue/translations-form";
import { requireAdmin } from "../features/admin/require-admin";
import { serverActionOrFailure } from "../lib/client-action";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-catalogue-content";

/**
 * A content's editor, its article, media and related contents: contents/9 edits
 * one, artefacts/5/contents/new adds one to artefact 5, and
 * artefacts/5/groups/4/contents/new one in its group 4.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  if ("contentId" in params) {
    const contentId = idParam(params.contentId);
    const search = url.searchParams.get(RELATED_SEARCH) || undefined;
    const [artefact, content, related] = await Promise.all([
      store.admin.artefact({ kind: "content", id: contentId }),
      // The article being edited, with its body: in the server's HTML, so its form works before and without JavaScript.
      store.admin.content(contentId),
      store.admin.relatedChoices({ contentId, search }),
    ]);
    const found = artefact !== null && content !== null;
    const editing = { artefact: found ? artefact : null, content, groupId: content?.group_id ?? null, related };
    return data(editing, { status: found ? 200 : 404 });
  }
  const artefact = await store.admin.artefact({ kind: "category", id: idParam(params.artefactId) });
  const groupId = "groupId" in params ? idParam(params.groupId) : null;
  // A new content in a group that is not the artefact's opens no editor (404, as a link to what is not there).
  const found = artefact !== null && (groupId === null || artefact.groups.some((g) => g.id === groupId));
  return data(
    { artefact: found ? artefact : null, content: null, groupId, related: [] },
    { status: found ? 200 : 404 },
  );
}

export const action = (args: Route.ActionArgs) => editorAction(args, CONTENT_INTENTS);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export default function CatalogueContent({ loaderData }: Route.ComponentProps) {
  const { artefact, content, groupId, related } = loaderData;
  const answer = useActionData<typeof action>();
  const openEditor = useOpenEditor();
  if (!artefact) return <EditorHint />;
  return (
    <>
      <FormNotice outcome={answer} fieldless />
      <ContentEditor
        key={`t-${content?.id ?? "new"}-${artefact.id}`}
        content={content}
        artefact={artefact}
        groupId={groupId}
        related={related}
        posted={postedOf(answer)}
        onSaved={(id) => {
          if (!content) openEditor({ kind: "content", artefactId: artefact.id, contentId: id, groupId });
        }}
      />
      {content && (
        <TranslationsForm
          key={`tt-${content.id}`}
          kind="content"
          id={content.id}
          english={{
            title: content.title,
            short_description: content.short_description,
            description: content.description,
            meta_title: content.meta_title,
            meta_description: content.meta_description,
          }}
          translations={content.translations}
          preview={artefact.hidden ? undefined : `/${artefact.slug}/${content.slug}`}
          posted={postedTranslation(postedOf(answer), "content", content.id)}
        />
      )}
    </>
  );
}
