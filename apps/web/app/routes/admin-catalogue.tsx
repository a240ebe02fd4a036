import { useEffect, useRef } from "react";
import {
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLocation,
  useNavigate,
  useOutlet,
  useResolvedPath,
  useSearchParams,
} from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { catalogueAction } from "../features/admin/catalogue/catalogue-action.server";
import { CATALOGUE_INTENTS } from "../features/admin/catalogue/catalogue-intents";
import { CatalogueTree } from "../features/admin/catalogue/catalogue-tree";
import { artefactRefOf, editorHref, legacyEditorHref, openOf } from "../features/admin/catalogue/catalogue-url";
import { EditorHint } from "../features/admin/catalogue/editor-hint";
import { ImportForm } from "../features/admin/catalogue/import-form";
import { UploadNoticeText } from "../features/admin/catalogue/upload-notice";
import { AdminListError } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { useAdminForm } from "../features/admin/use-admin-form";
import { serverActionOrFailure } from "../lib/client-action";
import { pageMessage, pageUrl } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-catalogue";

/**
 * The catalogue editor's page: the tree (its search, page and open artefacts
 * in the URL's query), the import, and the side panel, where an editor's own
 * route (its path under this one, routes.ts) renders.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const query = url.searchParams;
  // An editor's address of before (?edit=content-9, ?add=group-5): the same editor, at its path.
  const moved = legacyEditorHref(query);
  if (moved) throw redirect(moved);
  // The artefact the open editor works in: its rows are shown from it, and it is open without ?open=.
  const artefactRef = artefactRefOf(params);
  const [tree, artefact] = await Promise.all([
    store.admin.catalogue({
      search: query.get("search") || undefined,
      cursor: query.get("cursor") || undefined,
      open: openOf(query),
    }),
    artefactRef ? store.admin.artefact(artefactRef) : null,
  ]);
  // What a plain upload or import (no JavaScript, posted to /api/admin) answered before it came back here.
  const notice = store.admin.uploadNotice();
  // The drawings of the icons in the tree's rows.
  const icons = store.icons([
    ...tree.categories.flatMap((parent) => [parent.icon, ...parent.artefacts.map((row) => row.icon)]),
    ...(artefact ? [artefact.icon] : []),
  ]);
  return {
    tree,
    artefact,
    icons,
    notice: notice && { ok: notice.ok, message: pageMessage(store, notice.message) },
  };
}

/** The tree's forms (↑ ↓, Delete), posted here by the browser itself or by a fetcher (catalogue-action.server.ts). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const here = pageUrl(url);
  return catalogueAction(store, await request.formData(), { base: url.pathname, here }, CATALOGUE_INTENTS);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

/** Another editor (another path under this page) works in another artefact: the tree reads it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (!args.formMethod && args.currentUrl.pathname !== args.nextUrl.pathname) return true;
  return revalidateUnlessUnsent(args);
}

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  const { tree, artefact, notice } = loaderData;
  const [params] = useSearchParams();
  const open = openOf(params, artefact);
  const navigate = useNavigate();
  const editor = useOutlet();
  const base = useResolvedPath(".").pathname;
  const t = useT();
  // A plain form post of the tree's that failed (no JavaScript): why, when no field says it (a sold artefact).
  const answer = useActionData<typeof action>();
  const side = useEditorInView(base);

  // The tree's Delete and Move forms: a deleted item closes the editor.
  const rowForm = useAdminForm({
    confirm: (form) => form.dataset.confirm,
    onDone: (_saved, form) => {
      if (String(new FormData(form).get("intent")).endsWith("-delete")) {
        void navigate(editorHref(params, open, null), { preventScrollReset: true });
      }
    },
  });

  return (
    <section className="admin-page" aria-labelledby="admin-catalogue-title">
      <header className="admin-page__header admin-page__header--row">
        <div>
          <h1 id="admin-catalogue-title">{t("Catalogue")}</h1>
          <p className="admin-page__lead">
            {t(
              "Parent categories, their artefacts, groups and contents, hidden ones included. Changes are public at once.",
            )}
          </p>
        </div>
        <div className="admin-actions">
          <Link
            className="button"
            to={editorHref(params, open, { kind: "category", parentId: 0, categoryId: null })}
            preventScrollReset
          >
            {t("New parent category")}
          </Link>
          <a className="button button--outline" href="/api/admin/catalogue/export" download>
            {t("Export")}
          </a>
        </div>
      </header>
      <FormNotice outcome={answer} fieldless />
      {notice && <UploadNoticeText notice={notice} />}
      <ImportForm />
      <div className="admin-catalogue">
        <CatalogueTree tree={tree} base={base} rowForm={rowForm} open={open} editing={artefact} params={params} />
        <div className="admin-side" aria-live="polite" ref={side}>
          {editor ?? <EditorHint />}
        </div>
      </div>
    </section>
  );
}

/**
 * The side panel, brought into view when another editor opens out of sight
 * (an Edit far down the tree; under the tree on a phone): the panel scrolls
 * with the page, not inside it. Not on the page's first render, which keeps the reader's place.
 */
function useEditorInView(base: string) {
  const side = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const panel = side.current;
    if (!panel || pathname === base) return;
    const top = panel.getBoundingClientRect().top;
    const under = Number.parseFloat(getComputedStyle(panel).scrollMarginTop) || 0;
    if (top < under || top > window.innerHeight - 120) panel.scrollIntoView({ block: "start" });
  }, [pathname, base]);
  return side;
}

/** A page link that went stale or was altered: the reason, and the first page of the same search. */
export function ErrorBoundary() {
  return <AdminListError title="Catalogue" />;
}
