import type {
  AdminArtefactNode,
  AdminCategory,
  AdminContentSummary,
  AdminGroup,
  AdminParentNode,
} from "@skillshelf/shared/admin-forms.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { type FormEvent, useId, useState } from "react";
import { Form, Link, useActionData, useRevalidator, useSearchParams } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { Pager } from "../components/pager";
import { adminCall, confirmAction, formatMoney } from "../features/admin/admin-api";
import { catalogueAction } from "../features/admin/catalogue/catalogue-action.server";
import {
  PARENT_SEARCH,
  PICKER_SEARCHES,
  RELATED_SEARCH,
  TREE_PARAMS,
  treeParamsOf,
} from "../features/admin/catalogue/catalogue-intents";
import { CategoryForm } from "../features/admin/catalogue/category-form";
import { ContentEditor } from "../features/admin/catalogue/content-editor";
import { GroupForm } from "../features/admin/catalogue/group-form";
import { AdminListError, AdminSearch } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { useAdminForm } from "../features/admin/use-admin-form";
import { useToast } from "../features/toast/toast-context";
import { serverActionOrFailure } from "../lib/client-action";
import { pageUrl } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { useMessageNotifier, useMessageT } from "../lib/message-t";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { type PageContext, storeContext } from "../load-context";
import type { Route } from "./+types/admin-catalogue";

type Editor =
  | { kind: "category"; parentId: number; categoryId: number | null }
  | { kind: "group"; artefactId: number; group: AdminGroup | null }
  | { kind: "content"; artefactId: number; contentId: number | null; groupId: number | null };

const DELETE_PROMPT = "Are you sure you want to delete this item?";

/**
 * What the side panel edits, kept in the URL so reload, back and a shared link
 * open the same editor: ?edit=category-12 | group-4 | content-9, or
 * ?add=parent | artefact-3 (in parent 3) | group-5 (in artefact 5) |
 * content-5 or content-5-4 (in artefact 5, group 4).
 */
interface Target {
  action: "edit" | "add";
  kind: string;
  first: number;
  second: number | null;
}

function targetOf(params: URLSearchParams): Target | null {
  const action = params.has("edit") ? "edit" : params.has("add") ? "add" : null;
  if (!action) return null;
  const [kind = "", a, b] = (params.get(action) ?? "").split("-");
  const first = rowId().safeParse(a).data ?? 0;
  const second = b === undefined ? null : (rowId().safeParse(b).data ?? 0);
  return { action, kind, first, second };
}

/** The artefact a target works in, as the loader asks for it: itself, or the one holding the group or content. */
function artefactRefOf(target: Target | null): { kind: "category" | "group" | "content"; id: number } | null {
  if (!target || target.first === 0) return null;
  const { action, kind, first } = target;
  if (action === "edit" && (kind === "category" || kind === "group" || kind === "content")) return { kind, id: first };
  if (action === "add" && (kind === "group" || kind === "content")) return { kind: "category", id: first };
  return null;
}

/** The most artefacts the URL keeps open at once. */
const MAX_OPEN = 20;

/** The open artefacts of the URL (?open=3,9); without ?open=, the artefact the editor works in. */
function openOf(params: URLSearchParams, editing: AdminArtefactNode | null = null): number[] {
  if (!params.has("open")) return editing ? [editing.id] : [];
  const ids = (params.get("open") ?? "").split(",").flatMap((v) => rowId().safeParse(v).data ?? []);
  return [...new Set(ids)].slice(-MAX_OPEN);
}

/**
 * The URL's tree parameters with `changes` (null removes one); `open` written
 * as ids, and kept when empty: "none open" is not "the editor's artefact open".
 */
function treeParams(params: URLSearchParams, changes: Record<string, string | number[] | null>): URLSearchParams {
  const next = treeParamsOf(params, { emptyOpen: true });
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, Array.isArray(value) ? value.slice(-MAX_OPEN).join(",") : value);
  }
  return next;
}

const hrefOf = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `?${query}` : "?";
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const params = url.searchParams;
  const target = targetOf(params);
  const edit = (kind: string) => (target?.action === "edit" && target.kind === kind ? target.first : null);
  const artefactRef = artefactRefOf(target);
  // The category a form edits, or the parent a new artefact goes in.
  const categoryId = edit("category") ?? (target?.action === "add" && target.kind === "artefact" ? target.first : null);
  const contentId = edit("content");
  const categoryRead = categoryId ? store.admin.category(categoryId) : null;
  const [tree, artefact, category, content, parents, related] = await Promise.all([
    store.admin.catalogue({
      search: params.get("search") || undefined,
      cursor: params.get("cursor") || undefined,
      open: openOf(params),
    }),
    artefactRef ? store.admin.artefact(artefactRef) : null,
    categoryRead,
    // The article being edited, with its body: in the server's HTML, so its form works before and without JavaScript.
    contentId ? store.admin.content(contentId) : null,
    parentChoicesFor(store, target, categoryRead, params.get(PARENT_SEARCH) || undefined),
    contentId ? store.admin.relatedChoices({ contentId, search: params.get(RELATED_SEARCH) || undefined }) : null,
  ]);
  // What a plain upload or import (no JavaScript, posted to /api/admin) answered before it came back here.
  return { tree, artefact, category, content, parents, related, notice: store.admin.uploadNotice() };
}

/**
 * What an artefact's form offers as its parent (?parents= searches them): the
 * parent a new artefact goes in, or the edited artefact's own, first. A parent
 * category's form has no such field.
 */
async function parentChoicesFor(
  store: PageContext,
  target: ReturnType<typeof targetOf>,
  categoryRead: Promise<AdminCategory | null> | null,
  search: string | undefined,
) {
  const current =
    target?.action === "add" && target.kind === "artefact" ? target.first : (await categoryRead)?.parent_id;
  return current ? store.admin.parentChoices({ current, search }) : null;
}

/** Every write of the editor: a form posted here, by the browser itself or by a fetcher (catalogue-action.server.ts). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const here = pageUrl(url);
  return catalogueAction(store, await request.formData(), { base: new URL(here, "http://x").pathname, here });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

/** The editor a target opens, from what the loader read for it; null when what it names is not there. */
function editorOf(
  target: Target | null,
  artefact: AdminArtefactNode | null,
  category: AdminCategory | null,
): Editor | null {
  if (!target) return null;
  const { kind, first, second } = target;
  if (target.action === "edit") {
    if (kind === "category") return category ? { kind, parentId: category.parent_id, categoryId: category.id } : null;
    if (!artefact) return null;
    const group = artefact.groups.find((g) => g.id === first);
    if (kind === "group" && group) return { kind, artefactId: artefact.id, group };
    const content = [...artefact.contents, ...artefact.groups.flatMap((g) => g.contents)].find((c) => c.id === first);
    if (kind === "content" && content)
      return { kind, artefactId: artefact.id, contentId: content.id, groupId: content.group_id };
    return null;
  }
  if (kind === "parent") return { kind: "category", parentId: 0, categoryId: null };
  if (kind === "artefact")
    return category && category.parent_id === 0 ? { kind: "category", parentId: category.id, categoryId: null } : null;
  if (!artefact) return null;
  if (kind === "group") return { kind, artefactId: artefact.id, group: null };
  if (kind === "content" && (second === null || artefact.groups.some((g) => g.id === second)))
    return { kind, artefactId: artefact.id, contentId: null, groupId: second };
  return null;
}

/** The editor's own parameter: ?edit= or ?add=. */
function editorParam(editor: Editor): [string, string] {
  if (editor.kind === "category")
    return editor.categoryId !== null
      ? ["edit", `category-${editor.categoryId}`]
      : editor.parentId === 0
        ? ["add", "parent"]
        : ["add", `artefact-${editor.parentId}`];
  if (editor.kind === "group")
    return editor.group ? ["edit", `group-${editor.group.id}`] : ["add", `group-${editor.artefactId}`];
  if (editor.contentId !== null) return ["edit", `content-${editor.contentId}`];
  return ["add", `content-${editor.artefactId}${editor.groupId === null ? "" : `-${editor.groupId}`}`];
}

/**
 * The URL of the page with an editor open (null: none), keeping the tree's
 * search, page and open artefacts; the artefact it works in is opened in the tree.
 */
function editorSearch(params: URLSearchParams, open: number[], editor: Editor | null): URLSearchParams {
  // Closed: what was open stays open (none open needs no parameter when there was none).
  if (!editor) return treeParams(params, { open: open.length === 0 && !params.has("open") ? null : open });
  const [name, value] = editorParam(editor);
  const artefactId =
    editor.kind === "category" ? (editor.parentId === 0 ? null : editor.categoryId) : editor.artefactId;
  const next = treeParams(params, {
    open: artefactId === null || open.includes(artefactId) ? open : [...open, artefactId],
  });
  next.set(name, value);
  return next;
}

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  const { tree, artefact, category, content, parents, related, notice } = loaderData;
  const [params, setParams] = useSearchParams();
  const editor = editorOf(targetOf(params), artefact, category);
  const open = openOf(params, artefact);
  const setEditor = (next: Editor | null) => setParams(editorSearch(params, open, next), { preventScrollReset: true });
  const search = params.get("search")?.trim() ?? "";
  const t = useT();
  const message = useMessageT();
  // A plain form post that failed (no JavaScript): its form shows what was typed and why.
  const answer = useActionData<typeof action>();
  const posted = answer && !answer.ok && "posted" in answer ? { ...answer.posted, errors: answer.errors } : undefined;
  const postedFor = (intent: string, id: number | null) =>
    posted?.intent === intent && (id === null || posted.id === String(id)) ? posted : undefined;

  // The tree's Delete and Move forms: a deleted item closes the editor.
  const rowForm = useAdminForm({
    confirm: (form) => form.dataset.confirm,
    onDone: (_saved, form) => {
      if (String(new FormData(form).get("intent")).endsWith("-delete")) setEditor(null);
    },
  });

  const editorView = () => {
    if (!editor) return null;
    const close = () => setEditor(null);
    if (editor.kind === "category") {
      return (
        <CategoryForm
          key={`c-${editor.categoryId}-${editor.parentId}`}
          {...(category && editor.categoryId !== null ? { category } : {})}
          parentId={editor.parentId}
          parents={parents ?? []}
          currency={tree.currency}
          posted={postedFor(editor.categoryId !== null ? "category-update" : "category-create", editor.categoryId)}
          onSaved={(saved) => setEditor({ kind: "category", parentId: saved.parent_id, categoryId: saved.id })}
        />
      );
    }
    if (!artefact) return null;
    if (editor.kind === "group") {
      return (
        <GroupForm
          key={`g-${editor.group?.id ?? "new"}-${artefact.id}`}
          {...(editor.group ? { group: editor.group } : {})}
          artefact={artefact}
          currency={tree.currency}
          posted={postedFor(editor.group ? "group-update" : "group-create", editor.group?.id ?? artefact.id)}
          onSaved={close}
        />
      );
    }
    return (
      <ContentEditor
        key={`t-${editor.contentId ?? "new"}-${artefact.id}`}
        content={editor.contentId !== null && content?.id === editor.contentId ? content : null}
        artefact={artefact}
        groupId={editor.groupId}
        related={related ?? []}
        posted={posted}
        onSaved={(id) => {
          if (editor.contentId === null) setEditor({ ...editor, contentId: id });
        }}
      />
    );
  };

  const rows: RowProps = {
    rowForm,
    currency: tree.currency,
    searching: search !== "",
    open,
    editing: artefact,
    params,
  };

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
            to={hrefOf(editorSearch(params, open, { kind: "category", parentId: 0, categoryId: null }))}
            preventScrollReset
          >
            {t("New parent category")}
          </Link>
          <a className="button button--outline" href="/api/admin/catalogue/export" download>
            {t("Export")}
          </a>
        </div>
      </header>
      {/* Why a plain form post was refused, when no field says it (a sold artefact, a parent with artefacts). */}
      <FormNotice outcome={answer} fieldless />
      {notice && (
        <p className={notice.ok ? "notice" : "notice notice--error"} role={notice.ok ? "status" : "alert"}>
          {message(notice.message)}
        </p>
      )}
      <ImportForm />
      <div className="admin-catalogue">
        <div className="admin-tree">
          <div className="admin-tree__filter">
            {/* A new search starts on its first page, with nothing opened by hand. */}
            <AdminSearch
              key={search}
              label="Filter the catalogue"
              placeholder="Name or title"
              initial={search}
              kept={[...params].filter(([key]) => !TREE_PARAMS.includes(key) && !PICKER_SEARCHES.includes(key))}
              live
            />
          </div>
          {tree.categories.length === 0 && !search && <p className="admin-empty">{t("The catalogue is empty.")}</p>}
          {tree.categories.length === 0 && search && (
            <p className="admin-empty">{t("Nothing in the catalogue matches “{{filter}}”.", { filter: search })}</p>
          )}
          <ol className="admin-tree__list">
            {tree.categories.map((parent, index) => (
              <ParentItem
                key={parent.id}
                parent={parent}
                first={index === 0 && tree.prev_cursor === null}
                last={index === tree.categories.length - 1 && tree.next_cursor === null}
                {...rows}
              />
            ))}
          </ol>
          <Pager
            prev={tree.prev_cursor}
            next={tree.next_cursor}
            href={(cursor) => hrefOf(treeParams(params, { cursor }))}
            label={t("{{title}} pages", { title: t("Catalogue") })}
          />
        </div>
        <div className="admin-side" aria-live="polite">
          {editorView() ?? (
            <p className="admin-muted admin-side__hint">
              {t("Choose Edit or Add on an item to change the catalogue.")}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** A page link that went stale or was altered: the reason, and the first page of the same search. */
export function ErrorBoundary() {
  return <AdminListError title="Catalogue" />;
}

interface RowProps {
  rowForm: ReturnType<typeof useAdminForm>;
  currency: string;
  /** A search is on: everything it kept is shown open, and nothing moves (the lists are partial). */
  searching: boolean;
  /** The artefacts shown open (the URL's ?open=). */
  open: number[];
  /** The artefact the editor works in, read whole: its rows come from it when it is on the page. */
  editing: AdminArtefactNode | null;
  params: URLSearchParams;
}

/** Shows or hides what is under an artefact: a GET form to the page with the artefact in or out of ?open=. */
function ExpandForm({
  name,
  id,
  open,
  searching,
  params,
}: { name: string; id: number } & Pick<RowProps, "open" | "searching" | "params">) {
  const expanded = searching || open.includes(id);
  const next = pageParams(params, { open: expanded ? open.filter((o) => o !== id) : [...open, id] });
  return (
    <Form method="get" className="admin-inline-form" preventScrollReset replace>
      {[...next].map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <TreeToggle type="submit" name={name} open={expanded} disabled={searching} />
    </Form>
  );
}

/** The page's own parameters (its editor included) with the tree's `changes`. */
function pageParams(params: URLSearchParams, changes: Record<string, string | number[] | null>) {
  const next = treeParams(params, changes);
  for (const name of ["edit", "add", ...PICKER_SEARCHES]) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  return next;
}

/** The ▸ / ▾ of a row of the tree, which shows or hides what is under it. */
function TreeToggle({
  name,
  open,
  ...button
}: { name: string; open: boolean } & Pick<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "disabled" | "onClick"
>) {
  const t = useT();
  return (
    <button
      {...button}
      className="admin-icon-button admin-tree__toggle"
      aria-expanded={open}
      aria-label={open ? t("Collapse {{name}}", { name }) : t("Expand {{name}}", { name })}
    >
      {open ? "▾" : "▸"}
    </button>
  );
}

/** Move up and Move down: each a form naming the item and the step (the server moves it among its siblings). */
function MoveButtons({
  name,
  kind,
  id,
  first,
  last,
  rowForm,
  fixed,
}: {
  name: string;
  kind: "category" | "group" | "content";
  id: number;
  /** At the start or the end of its whole list: it moves no further that way. */
  first: boolean;
  last: boolean;
  rowForm: RowProps["rowForm"];
  /** Nothing moves while a search shows part of the lists. */
  fixed: boolean;
}) {
  const t = useT();
  return (
    <>
      {([-1, 1] as const).map((step) => (
        <form key={step} className="admin-inline-form" {...rowForm.formProps}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="step" value={step} />
          <button
            type="submit"
            className="admin-icon-button"
            disabled={fixed || (step === -1 ? first : last)}
            aria-label={step === -1 ? t("Move {{name}} up", { name }) : t("Move {{name}} down", { name })}
          >
            {step === -1 ? "↑" : "↓"}
          </button>
        </form>
      ))}
    </>
  );
}

/** Edit or Add: a link to the editor's URL, so it opens without JavaScript too. */
function EditorLink({
  label,
  name,
  editor,
  params,
  open,
}: {
  label: string;
  name: string;
  editor: Editor;
} & Pick<RowProps, "params" | "open">) {
  const t = useT();
  return (
    <Link
      className="admin-link-button"
      aria-label={`${t(label)} ${name}`}
      to={hrefOf(editorSearch(params, open, editor))}
      preventScrollReset
    >
      {t(label)}
    </Link>
  );
}

function DeleteButton({
  name,
  fields,
  rowForm,
}: {
  name: string;
  fields: Record<string, string | number>;
  rowForm: RowProps["rowForm"];
}) {
  const t = useT();
  return (
    <form className="admin-inline-form" data-confirm={DELETE_PROMPT} {...rowForm.formProps}>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button type="submit" className="admin-link-button" aria-label={t("Delete {{name}}", { name })}>
        {t("Delete")}
      </button>
    </form>
  );
}

function ParentItem({
  parent,
  first,
  last,
  ...props
}: RowProps & { parent: AdminParentNode; first: boolean; last: boolean }) {
  const { rowForm, searching, params, open: openArtefacts } = props;
  const [closed, setClosed] = useState(false);
  const t = useT();
  const shown = searching || !closed;
  return (
    <li className="admin-tree__parent">
      <div className="admin-tree__row">
        <span className="admin-tree__name">
          {/* Shown or hidden in the browser only: its artefacts are on the page either way. */}
          <TreeToggle type="button" name={parent.name} open={shown} onClick={() => setClosed(shown)} />
          <span aria-hidden="true">{parent.icon}</span> {parent.name}
          {parent.hidden && <span className="admin-badge admin-badge--pending">{t("Hidden")}</span>}
          {parent.is_header_menu && <span className="admin-badge admin-badge--paid">{t("Menu")}</span>}
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={parent.name}
            kind="category"
            id={parent.id}
            first={first}
            last={last}
            rowForm={rowForm}
            fixed={searching}
          />
          <EditorLink
            label="Edit"
            name={parent.name}
            editor={{ kind: "category", parentId: 0, categoryId: parent.id }}
            params={params}
            open={openArtefacts}
          />
          <EditorLink
            label="Add artefact to"
            name={parent.name}
            editor={{ kind: "category", parentId: parent.id, categoryId: null }}
            params={params}
            open={openArtefacts}
          />
          <DeleteButton name={parent.name} fields={{ intent: "category-delete", id: parent.id }} rowForm={rowForm} />
        </span>
      </div>
      {shown && parent.artefacts.length > 0 && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {parent.artefacts.map((artefact, index) => (
            <ArtefactItem
              key={artefact.id}
              artefact={artefact}
              parentId={parent.id}
              first={index === 0}
              last={index === parent.artefacts.length - 1}
              {...props}
            />
          ))}
        </ol>
      )}
    </li>
  );
}

function ArtefactItem({
  artefact: row,
  parentId,
  first,
  last,
  ...props
}: RowProps & { artefact: AdminArtefactNode; parentId: number; first: boolean; last: boolean }) {
  const { rowForm, currency, searching, open, editing, params } = props;
  // A search read what it kept; otherwise the artefact being edited was read whole, with its groups and contents.
  const artefact = !searching && editing?.id === row.id ? editing : row;
  // Its groups and contents are on the page only when it is open (the loader read them).
  const expanded = searching || open.includes(artefact.id);
  const t = useT();
  const groupName = (group: AdminGroup) => t("group {{name}}", { name: group.name });
  const contentRows = (contents: AdminContentSummary[]) =>
    contents.map((content, index) => (
      <li key={content.id} className="admin-tree__row admin-tree__row--content">
        <span className="admin-tree__name">
          {content.title}
          <span className="admin-muted"> · {t("{{count}} media", { count: content.media.length })}</span>
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={content.title}
            kind="content"
            id={content.id}
            first={index === 0}
            last={index === contents.length - 1}
            rowForm={rowForm}
            fixed={searching}
          />
          <EditorLink
            label="Edit"
            name={content.title}
            editor={{ kind: "content", artefactId: artefact.id, contentId: content.id, groupId: content.group_id }}
            params={params}
            open={open}
          />
          <DeleteButton name={content.title} fields={{ intent: "content-delete", id: content.id }} rowForm={rowForm} />
        </span>
      </li>
    ));
  return (
    <li className="admin-tree__artefact">
      <div className="admin-tree__row">
        <span className="admin-tree__name">
          <ExpandForm name={artefact.name} id={artefact.id} open={open} searching={searching} params={params} />
          <span aria-hidden="true">{artefact.icon}</span> <strong>{artefact.name}</strong>{" "}
          <span className="admin-muted">
            /{artefact.slug} · {t(formatMoney(artefact.price, currency))}
          </span>
          {artefact.hidden && <span className="admin-badge admin-badge--pending">{t("Hidden")}</span>}
          {artefact.sold && <span className="admin-badge admin-badge--paid">{t("Sold")}</span>}
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={artefact.name}
            kind="category"
            id={artefact.id}
            first={first}
            last={last}
            rowForm={rowForm}
            fixed={searching}
          />
          <EditorLink
            label="Edit"
            name={artefact.name}
            editor={{ kind: "category", parentId, categoryId: artefact.id }}
            params={params}
            open={open}
          />
          <EditorLink
            label="Add group to"
            name={artefact.name}
            editor={{ kind: "group", artefactId: artefact.id, group: null }}
            params={params}
            open={open}
          />
          <EditorLink
            label="Add content to"
            name={artefact.name}
            editor={{ kind: "content", artefactId: artefact.id, contentId: null, groupId: null }}
            params={params}
            open={open}
          />
          <DeleteButton
            name={artefact.name}
            fields={{ intent: "category-delete", id: artefact.id }}
            rowForm={rowForm}
          />
        </span>
      </div>
      {expanded && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {artefact.groups.map((group, index) => (
            <li key={group.id} className="admin-tree__group">
              <div className="admin-tree__row">
                <span className="admin-tree__name">
                  {t("Group: {{name}}", { name: group.name })}{" "}
                  <span className="admin-muted">· {t(formatMoney(group.price, currency))}</span>
                </span>
                <span className="admin-tree__tools">
                  <MoveButtons
                    name={group.name}
                    kind="group"
                    id={group.id}
                    first={index === 0}
                    last={index === artefact.groups.length - 1}
                    rowForm={rowForm}
                    fixed={searching}
                  />
                  <EditorLink
                    label="Edit"
                    name={groupName(group)}
                    editor={{ kind: "group", artefactId: artefact.id, group }}
                    params={params}
                    open={open}
                  />
                  <EditorLink
                    label="Add content to"
                    name={groupName(group)}
                    editor={{ kind: "content", artefactId: artefact.id, contentId: null, groupId: group.id }}
                    params={params}
                    open={open}
                  />
                  <DeleteButton
                    name={groupName(group)}
                    fields={{ intent: "group-delete", id: group.id }}
                    rowForm={rowForm}
                  />
                </span>
              </div>
              {group.contents.length > 0 && (
                <ol className="admin-tree__list admin-tree__list--nested">{contentRows(group.contents)}</ol>
              )}
            </li>
          ))}
          {contentRows(artefact.contents)}
        </ol>
      )}
    </li>
  );
}

/**
 * Replaces the whole catalogue from a file: sent to /api/admin as a stream,
 * since the file's media may be far larger than a page's form post. Without
 * JavaScript the browser posts the form there itself (a box to tick stands for
 * the confirmation prompt) and is sent back here with the outcome.
 */
function ImportForm() {
  const toast = useToast();
  // The API answers in English: its messages are shown in the page's language.
  const apiToast = useMessageNotifier(toast);
  const id = useId();
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const message = useMessageT();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) {
      toast.error("Choose a catalogue file.");
      return;
    }
    if (!confirmAction(t("Importing replaces the whole catalogue. Are you sure?"))) return;
    const data = new FormData();
    data.append("file", file, file.name);
    setBusy(true);
    const result = await adminCall<{ line?: number; reason?: string }>("/api/admin/catalogue/import", {
      form: data,
      notify: apiToast,
    });
    setBusy(false);
    if (result.ok) {
      setProblem(null);
      form.reset();
      await revalidator.revalidate();
    } else {
      const where = result.body?.line ? ` ${t("(line {{line}})", { line: result.body.line })}` : "";
      setProblem(`${message(result.message)}${where}${result.body?.reason ? `: ${message(result.body.reason)}` : ""}`);
    }
  };

  return (
    <details className="admin-import">
      <summary>{t("Import a catalogue file")}</summary>
      <form
        onSubmit={submit}
        className="admin-upload"
        method="post"
        encType="multipart/form-data"
        action="/api/admin/catalogue/import"
      >
        <label htmlFor={`${id}-file`} className="admin-label">
          {t("Catalogue file (JSON, as exported)")}
        </label>
        <input id={`${id}-file`} name="file" type="file" accept="application/json,.json" className="admin-file" />
        <noscript>
          <label className="admin-check">
            <input type="checkbox" name="replace" required />{" "}
            {t("I understand that importing replaces the whole catalogue.")}
          </label>
        </noscript>
        <button type="submit" className="button button--small" disabled={busy}>
          {t("Import")}
        </button>
      </form>
      {problem && (
        <p className="admin-error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
