import { data, useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { editorAction } from "../features/admin/catalogue/catalogue-action.server";
import { GROUP_INTENTS } from "../features/admin/catalogue/catalogue-intents";
import { idParam } from "../features/admin/catalogue/catalogue-url";
import { EditorHint } from "../features/admin/catalogue/editor-hint";
import { postedFor, postedOf, postedTranslation, useOpenEditor } from "../features/admin/catalogue/editor-route";
import { GroupForm } from "../features/admin/catalogue/group-form";
import { TranslationsForm } from "../features/admin/catalogue/translations-form";
import { requireAdmin } from "../features/admin/require-admin";
import { serverActionOrFailure } from "../lib/client-action";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-catalogue-group";

/** A group's editor: groups/4 edits one, artefacts/5/groups/new adds one to artefact 5. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const groupId = "groupId" in params ? idParam(params.groupId) : null;
  const artefact =
    groupId === null
      ? await store.admin.artefact({ kind: "category", id: idParam(params.artefactId) })
      : await store.admin.artefact({ kind: "group", id: groupId });
  const group = groupId === null ? null : (artefact?.groups.find((g) => g.id === groupId) ?? null);
  // An edited group that is not there (a stale link) opens no editor, and answers 404.
  const found = artefact !== null && (groupId === null || group !== null);
  return data(
    { artefact: found ? artefact : null, group, currency: store.storeCurrency },
    { status: found ? 200 : 404 },
  );
}

export const action = (args: Route.ActionArgs) => editorAction(args, GROUP_INTENTS);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export default function CatalogueGroup({ loaderData }: Route.ComponentProps) {
  const { artefact, group, currency } = loaderData;
  const answer = useActionData<typeof action>();
  const openEditor = useOpenEditor();
  if (!artefact) return <EditorHint />;
  return (
    <>
      <FormNotice outcome={answer} fieldless />
      <GroupForm
        key={`g-${group?.id ?? "new"}-${artefact.id}`}
        {...(group ? { group } : {})}
        artefact={artefact}
        currency={currency}
        posted={postedFor(postedOf(answer), group ? "group-update" : "group-create", group?.id ?? artefact.id)}
        onSaved={() => openEditor(null)}
      />
      {group && (
        <TranslationsForm
          key={`tg-${group.id}`}
          kind="group"
          id={group.id}
          english={{ name: group.name, payment_note: group.payment_note }}
          translations={group.translations}
          preview={artefact.hidden ? undefined : `/${artefact.slug}`}
          posted={postedTranslation(postedOf(answer), "group", group.id)}
        />
      )}
    </>
  );
}
