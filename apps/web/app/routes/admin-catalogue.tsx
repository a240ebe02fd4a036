import type {
  AdminArtefactNode,
  AdminCatalogueTree,
  AdminContentSummary,
  AdminGroup,
  AdminParentNode,
} from "@skillshelf/shared/admin-forms.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useActionData, useRevalidator, useSearchParams } from "react-router";
import { Link } from "../components/app-link";
import { FormNotice } from "../components/form/form-notice";
import { adminCall, confirmAction, formatMoney } from "../features/admin/admin-api";
import { catalogueAction } from "../features/admin/catalogue/catalogue-action.server";
import { CategoryForm } from "../features/admin/catalogue/category-form";
import { ContentEditor } from "../features/admin/catalogue/content-editor";
import { GroupForm } from "../features/admin/catalogue/group-form";
import { requireAdmin } from "../features/admin/require-admin";
import { useAdminForm } from "../features/admin/use-admin-form";
import { useToast } from "../features/toast/toast-context";
import { serverActionOrFailure } from "../lib/client-action";
import { pageUrl } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { useMessageNotifier, useMessageT } from "../lib/message-t";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import type { Route } from "./+types/admin-catalogue";

type Editor =
  | { kind: "category"; parentId: number; categoryId: number | null }
  | { kind: "group"; artefactId: number; group: AdminGroup | null }
  | { kind: "content"; artefactId: number; contentId: number | null; groupId: number | null };

const DELETE_PROMPT = "Are you sure you want to delete this item?";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  // The article being edited, with its body: in the server's HTML, so its form works before and without JavaScript.
  const editing = /^content-(\d+)$/.exec(url.searchParams.get("edit") ?? "")?.[1];
  const contentId = rowId().safeParse(editing).data;
  const [tree, content] = await Promise.all([
    context.admin.catalogue(),
    contentId === undefined ? null : context.admin.content(contentId),
  ]);
  // What a plain upload or import (no JavaScript, posted to /api/admin) answered before it came back here.
  return { tree, content, notice: context.admin.uploadNotice() };
}

/** Every write of the editor: a form posted here, by the browser itself or by a fetcher (catalogue-action.server.ts). */
export async function action({ context, request, url }: Route.ActionArgs) {
  requireAdmin(context, url);
  const here = pageUrl(url);
  return catalogueAction(context, await request.formData(), { base: new URL(here, "http://x").pathname, here });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

/** The list's ids with one item moved up (-1) or down (+1). */
function moved<T extends { id: number }>(list: T[], id: number, step: -1 | 1): number[] {
  const ids = list.map((item) => item.id);
  const at = ids.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
  return ids;
}

/**
 * What the side panel edits, kept in the URL so reload, back and a shared link
 * open the same editor: ?edit=category-12 | group-4 | content-9, or
 * ?add=parent | artefact-3 (in parent 3) | group-5 (in artefact 5) |
 * content-5 or content-5-4 (in artefact 5, group 4).
 */
function editorOf(params: URLSearchParams, tree: AdminCatalogueTree): Editor | null {
  const artefacts = tree.categories.flatMap((p) => p.artefacts);
  const [kind, a, b] = (params.get("edit") ?? params.get("add") ?? "").split("-");
  const first = Number(a);
  const second = b === undefined ? null : Number(b);
  if (params.has("edit")) {
    if (kind === "category") {
      const parent = tree.categories.find((p) => p.id === first);
      const artefact = artefacts.find((x) => x.id === first);
      if (parent) return { kind, parentId: 0, categoryId: parent.id };
      return artefact ? { kind, parentId: artefact.parent_id ?? 0, categoryId: artefact.id } : null;
    }
    for (const artefact of artefacts) {
      const group = artefact.groups.find((g) => g.id === first);
      if (kind === "group" && group) return { kind, artefactId: artefact.id, group };
      const content = [...artefact.contents, ...artefact.groups.flatMap((g) => g.contents)].find((c) => c.id === first);
      if (kind === "content" && content)
        return { kind, artefactId: artefact.id, contentId: content.id, groupId: content.group_id };
    }
    return null;
  }
  if (kind === "parent") return { kind: "category", parentId: 0, categoryId: null };
  if (kind === "artefact" && tree.categories.some((p) => p.id === first))
    return { kind: "category", parentId: first, categoryId: null };
  const artefact = artefacts.find((x) => x.id === first);
  if (!artefact) return null;
  if (kind === "group") return { kind, artefactId: artefact.id, group: null };
  if (kind === "content" && (second === null || artefact.groups.some((g) => g.id === second)))
    return { kind, artefactId: artefact.id, contentId: null, groupId: second };
  return null;
}

function searchOf(editor: Editor | null): string {
  if (!editor) return "";
  if (editor.kind === "category")
    return editor.categoryId !== null
      ? `?edit=category-${editor.categoryId}`
      : editor.parentId === 0
        ? "?add=parent"
        : `?add=artefact-${editor.parentId}`;
  if (editor.kind === "group")
    return editor.group ? `?edit=group-${editor.group.id}` : `?add=group-${editor.artefactId}`;
  if (editor.contentId !== null) return `?edit=content-${editor.contentId}`;
  return `?add=content-${editor.artefactId}${editor.groupId === null ? "" : `-${editor.groupId}`}`;
}

/** The artefact an editor works in (an artefact's own form included), to open it in the tree. */
function artefactIdOf(editor: Editor | null): number | null {
  if (!editor) return null;
  return editor.kind === "category" ? editor.categoryId : editor.artefactId;
}

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  const { tree, content, notice } = loaderData;
  const [params, setParams] = useSearchParams();
  const editor = editorOf(params, tree);
  const setEditor = (next: Editor | null) => setParams(new URLSearchParams(searchOf(next)));
  const [filter, setFilter] = useState("");
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

  const artefactOf = (id: number) => tree.categories.flatMap((p) => p.artefacts).find((a) => a.id === id) ?? null;
  const categoryOf = (id: number) =>
    tree.categories.find((p) => p.id === id) ?? tree.categories.flatMap((p) => p.artefacts).find((a) => a.id === id);

  const editorView = () => {
    if (!editor) return null;
    const close = () => setEditor(null);
    if (editor.kind === "category") {
      const category = editor.categoryId === null ? undefined : categoryOf(editor.categoryId);
      return (
        <CategoryForm
          key={`c-${editor.categoryId}-${editor.parentId}`}
          {...(category ? { category } : {})}
          parentId={editor.parentId}
          parents={tree.categories}
          currency={tree.currency}
          posted={postedFor(category ? "category-update" : "category-create", category?.id ?? null)}
          onSaved={(saved) => setEditor({ kind: "category", parentId: saved.parent_id, categoryId: saved.id })}
        />
      );
    }
    const artefact = artefactOf(editor.artefactId);
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
        tree={tree.categories}
        posted={posted}
        onSaved={(id) => {
          if (editor.contentId === null) setEditor({ ...editor, contentId: id });
        }}
      />
    );
  };

  const filterId = useId();
  const shown = filterTree(tree.categories, filter);
  const openArtefact = artefactIdOf(editor);
  const rows: RowProps = { rowForm, currency: tree.currency, expandAll: filter.trim() !== "", openArtefact };

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
          <Link className="button" to={searchOf({ kind: "category", parentId: 0, categoryId: null })}>
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
          <search className="admin-tree__filter">
            <label htmlFor={filterId} className="admin-label">
              {t("Filter the catalogue")}
            </label>
            <input
              id={filterId}
              type="search"
              className="admin-input"
              value={filter}
              placeholder={t("Name or title")}
              onChange={(event) => setFilter(event.target.value)}
            />
          </search>
          {tree.categories.length === 0 && <p className="admin-empty">{t("The catalogue is empty.")}</p>}
          {tree.categories.length > 0 && shown.length === 0 && (
            <p className="admin-empty">
              {t("Nothing in the catalogue matches “{{filter}}”.", { filter: filter.trim() })}
            </p>
          )}
          <ol className="admin-tree__list">
            {shown.map((parent) => (
              <ParentItem key={parent.id} parent={parent} siblings={tree.categories} {...rows} />
            ))}
          </ol>
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

/**
 * The parents and artefacts that match the filter (by name, or by a group's or
 * content's name or title in them), each keeping only what matches in it; an
 * artefact whose own name matches keeps everything.
 */
function filterTree(parents: AdminParentNode[], filter: string): AdminParentNode[] {
  const term = filter.trim().toLowerCase();
  if (!term) return parents;
  const hit = (text: string) => text.toLowerCase().includes(term);
  const result: AdminParentNode[] = [];
  for (const parent of parents) {
    const artefacts = hit(parent.name)
      ? parent.artefacts
      : parent.artefacts.flatMap((artefact) => {
          if (hit(artefact.name) || hit(artefact.slug)) return [artefact];
          const groups = artefact.groups
            .map((g) => (hit(g.name) ? g : { ...g, contents: g.contents.filter((c) => hit(c.title)) }))
            .filter((g) => hit(g.name) || g.contents.length > 0);
          const contents = artefact.contents.filter((c) => hit(c.title));
          return groups.length > 0 || contents.length > 0 ? [{ ...artefact, groups, contents }] : [];
        });
    if (artefacts.length > 0 || hit(parent.name)) result.push({ ...parent, artefacts });
  }
  return result;
}

interface RowProps {
  rowForm: ReturnType<typeof useAdminForm>;
  currency: string;
  /** A filter is on: everything it kept is shown open, and nothing moves (the lists are partial). */
  expandAll: boolean;
  /** The artefact the side panel works in: shown open. */
  openArtefact: number | null;
}

/** Shows or hides what is under a row of the tree. */
function ExpandButton({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="admin-icon-button admin-tree__toggle"
      aria-expanded={open}
      aria-label={open ? t("Collapse {{name}}", { name }) : t("Expand {{name}}", { name })}
      onClick={onToggle}
    >
      {open ? "▾" : "▸"}
    </button>
  );
}

/** The hidden fields of a write on a row: what to do, to what, and the new order when it is a move. */
function RowFields({ fields }: { fields: Record<string, string | number | number[]> }) {
  return (
    <>
      {Object.entries(fields).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of hidden fields
          <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
        )),
      )}
    </>
  );
}

/** Move up and Move down: each a form posting the siblings' new order. */
function MoveButtons({
  name,
  intent,
  owner,
  siblings,
  id,
  rowForm,
  fixed,
}: {
  name: string;
  intent: string;
  /** The list's owner: a parent (parent_id) or an artefact (id). */
  owner: Record<string, string | number>;
  siblings: { id: number }[];
  id: number;
  rowForm: RowProps["rowForm"];
  /** Nothing moves while a filter shows part of the lists. */
  fixed: boolean;
}) {
  const index = siblings.findIndex((s) => s.id === id);
  const t = useT();
  return (
    <>
      {([-1, 1] as const).map((step) => (
        <form key={step} className="admin-inline-form" {...rowForm.formProps}>
          <RowFields fields={{ intent, ...owner, ids: moved(siblings, id, step) }} />
          <button
            type="submit"
            className="admin-icon-button"
            disabled={fixed || index === (step === -1 ? 0 : siblings.length - 1)}
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
function EditorLink({ label, name, editor }: { label: string; name: string; editor: Editor }) {
  const t = useT();
  return (
    <Link className="admin-link-button" aria-label={`${t(label)} ${name}`} to={searchOf(editor)}>
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
      <RowFields fields={fields} />
      <button type="submit" className="admin-link-button" aria-label={t("Delete {{name}}", { name })}>
        {t("Delete")}
      </button>
    </form>
  );
}

function ParentItem({
  parent,
  siblings,
  ...props
}: RowProps & { parent: AdminParentNode; siblings: AdminParentNode[] }) {
  const { rowForm, expandAll } = props;
  const [closed, setClosed] = useState(false);
  const t = useT();
  const open = expandAll || !closed;
  return (
    <li className="admin-tree__parent">
      <div className="admin-tree__row">
        <span className="admin-tree__name">
          <ExpandButton name={parent.name} open={open} onToggle={() => setClosed(open)} />
          <span aria-hidden="true">{parent.icon}</span> {parent.name}
          {parent.hidden && <span className="admin-badge admin-badge--pending">{t("Hidden")}</span>}
          {parent.is_header_menu && <span className="admin-badge admin-badge--paid">{t("Menu")}</span>}
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={parent.name}
            intent="categories-reorder"
            owner={{ parent_id: "" }}
            siblings={siblings}
            id={parent.id}
            rowForm={rowForm}
            fixed={expandAll}
          />
          <EditorLink
            label="Edit"
            name={parent.name}
            editor={{ kind: "category", parentId: 0, categoryId: parent.id }}
          />
          <EditorLink
            label="Add artefact to"
            name={parent.name}
            editor={{ kind: "category", parentId: parent.id, categoryId: null }}
          />
          <DeleteButton name={parent.name} fields={{ intent: "category-delete", id: parent.id }} rowForm={rowForm} />
        </span>
      </div>
      {open && parent.artefacts.length > 0 && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {parent.artefacts.map((artefact) => (
            <ArtefactItem
              key={artefact.id}
              artefact={artefact}
              siblings={parent.artefacts}
              parentId={parent.id}
              {...props}
            />
          ))}
        </ol>
      )}
    </li>
  );
}

function ArtefactItem({
  artefact,
  siblings,
  parentId,
  ...props
}: RowProps & { artefact: AdminArtefactNode; siblings: AdminArtefactNode[]; parentId: number }) {
  const { rowForm, currency, expandAll, openArtefact } = props;
  // Closed until opened, or until the side panel works in it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const editing = openArtefact === artefact.id;
  useEffect(() => {
    if (editing) setToggled(true);
  }, [editing]);
  const open = expandAll || (toggled ?? editing);
  const t = useT();
  const groupName = (group: AdminGroup) => t("group {{name}}", { name: group.name });
  const contentRows = (contents: AdminContentSummary[]) =>
    contents.map((content) => (
      <li key={content.id} className="admin-tree__row admin-tree__row--content">
        <span className="admin-tree__name">
          {content.title}
          <span className="admin-muted"> · {t("{{count}} media", { count: content.media.length })}</span>
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={content.title}
            intent="contents-reorder"
            owner={{ id: artefact.id }}
            siblings={contents}
            id={content.id}
            rowForm={rowForm}
            fixed={expandAll}
          />
          <EditorLink
            label="Edit"
            name={content.title}
            editor={{ kind: "content", artefactId: artefact.id, contentId: content.id, groupId: content.group_id }}
          />
          <DeleteButton name={content.title} fields={{ intent: "content-delete", id: content.id }} rowForm={rowForm} />
        </span>
      </li>
    ));
  return (
    <li className="admin-tree__artefact">
      <div className="admin-tree__row">
        <span className="admin-tree__name">
          <ExpandButton name={artefact.name} open={open} onToggle={() => setToggled(!open)} />
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
            intent="categories-reorder"
            owner={{ parent_id: parentId }}
            siblings={siblings}
            id={artefact.id}
            rowForm={rowForm}
            fixed={expandAll}
          />
          <EditorLink
            label="Edit"
            name={artefact.name}
            editor={{ kind: "category", parentId, categoryId: artefact.id }}
          />
          <EditorLink
            label="Add group to"
            name={artefact.name}
            editor={{ kind: "group", artefactId: artefact.id, group: null }}
          />
          <EditorLink
            label="Add content to"
            name={artefact.name}
            editor={{ kind: "content", artefactId: artefact.id, contentId: null, groupId: null }}
          />
          <DeleteButton
            name={artefact.name}
            fields={{ intent: "category-delete", id: artefact.id }}
            rowForm={rowForm}
          />
        </span>
      </div>
      {open && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {artefact.groups.map((group) => (
            <li key={group.id} className="admin-tree__group">
              <div className="admin-tree__row">
                <span className="admin-tree__name">
                  {t("Group: {{name}}", { name: group.name })}{" "}
                  <span className="admin-muted">· {t(formatMoney(group.price, currency))}</span>
                </span>
                <span className="admin-tree__tools">
                  <MoveButtons
                    name={group.name}
                    intent="groups-reorder"
                    owner={{ id: artefact.id }}
                    siblings={artefact.groups}
                    id={group.id}
                    rowForm={rowForm}
                    fixed={expandAll}
                  />
                  <EditorLink
                    label="Edit"
                    name={groupName(group)}
                    editor={{ kind: "group", artefactId: artefact.id, group }}
                  />
                  <EditorLink
                    label="Add content to"
                    name={groupName(group)}
                    editor={{ kind: "content", artefactId: artefact.id, contentId: null, groupId: group.id }}
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
