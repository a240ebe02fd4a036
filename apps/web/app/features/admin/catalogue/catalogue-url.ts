import type { AdminArtefactNode } from "@skillshelf/shared/admin-forms.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { treeParamsOf } from "./catalogue-intents";

/*
 * The catalogue editor's URLs. The tree (its search, page and open artefacts)
 * is in the query; the editor in the side panel is the path under the page
 * (routes.ts), so reload, back and a shared link open the same editor:
 * /admin/catalogue/categories/12 | groups/4 | contents/9, or
 * categories/new | categories/3/artefacts/new | artefacts/5/groups/new |
 * artefacts/5/contents/new | artefacts/5/groups/4/contents/new.
 */

/** The catalogue editor's page: the tree, with an editor's path under it. */
export const CATALOGUE_PATH = "/admin/catalogue";

/** What the side panel edits: an item, or (id null) a new one in its place. */
export type Editor =
  | { kind: "category"; parentId: number; categoryId: number | null }
  | { kind: "group"; artefactId: number; groupId: number | null }
  | { kind: "content"; artefactId: number; contentId: number | null; groupId: number | null };

/** An editor's path under the page. */
function editorPath(editor: Editor): string {
  if (editor.kind === "category") {
    if (editor.categoryId !== null) return `${CATALOGUE_PATH}/categories/${editor.categoryId}`;
    return editor.parentId === 0
      ? `${CATALOGUE_PATH}/categories/new`
      : `${CATALOGUE_PATH}/categories/${editor.parentId}/artefacts/new`;
  }
  if (editor.kind === "group") {
    return editor.groupId !== null
      ? `${CATALOGUE_PATH}/groups/${editor.groupId}`
      : `${CATALOGUE_PATH}/artefacts/${editor.artefactId}/groups/new`;
  }
  if (editor.contentId !== null) return `${CATALOGUE_PATH}/contents/${editor.contentId}`;
  const group = editor.groupId === null ? "" : `/groups/${editor.groupId}`;
  return `${CATALOGUE_PATH}/artefacts/${editor.artefactId}${group}/contents/new`;
}

/** The path of a saved item's editor. */
export const savedPath = (kind: "category" | "group" | "content", id: number): string =>
  `${CATALOGUE_PATH}/${kind === "category" ? "categories" : `${kind}s`}/${id}`;

/** The route parameters of an editor's path (routes.ts). */
export interface EditorParams {
  categoryId?: string | undefined;
  parentId?: string | undefined;
  groupId?: string | undefined;
  artefactId?: string | undefined;
  contentId?: string | undefined;
}

/** A route parameter as a row id; 0 when it is not one (nothing has it). */
export const idParam = (value: string | undefined): number => rowId().safeParse(value).data ?? 0;

/** The artefact an editor's path works in, as the loaders ask for it: itself, or the one holding the group or content. */
export function artefactRefOf(params: EditorParams): { kind: "category" | "group" | "content"; id: number } | null {
  if (params.artefactId !== undefined) return { kind: "category", id: idParam(params.artefactId) };
  if (params.categoryId !== undefined) return { kind: "category", id: idParam(params.categoryId) };
  if (params.groupId !== undefined) return { kind: "group", id: idParam(params.groupId) };
  if (params.contentId !== undefined) return { kind: "content", id: idParam(params.contentId) };
  return null;
}

/** The most artefacts the URL keeps open at once. */
const MAX_OPEN = 20;

/** The open artefacts of the URL (?open=3,9); without ?open=, the artefact the editor works in. */
export function openOf(params: URLSearchParams, editing: AdminArtefactNode | null = null): number[] {
  if (!params.has("open")) return editing ? [editing.id] : [];
  const ids = (params.get("open") ?? "").split(",").flatMap((v) => rowId().safeParse(v).data ?? []);
  return [...new Set(ids)].slice(-MAX_OPEN);
}

/**
 * The URL's tree parameters with `changes` (null removes one); `open` written
 * as ids, and kept when empty: "none open" is not "the editor's artefact open".
 */
export function treeParams(
  params: URLSearchParams,
  changes: Record<string, string | number[] | null>,
): URLSearchParams {
  const next = treeParamsOf(params, { emptyOpen: true });
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, Array.isArray(value) ? value.slice(-MAX_OPEN).join(",") : value);
  }
  return next;
}

/** A path with a query, the query left out when empty. */
export const withQuery = (path: string, params: URLSearchParams): string => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/**
 * The URL of the page with an editor open (null: none), keeping the tree's
 * search, page and open artefacts; the artefact it works in is opened in the tree.
 */
export function editorHref(params: URLSearchParams, open: number[], editor: Editor | null): string {
  // Closed: what was open stays open (none open needs no parameter when there was none).
  if (!editor)
    return withQuery(
      CATALOGUE_PATH,
      treeParams(params, { open: open.length === 0 && !params.has("open") ? null : open }),
    );
  const artefactId =
    editor.kind === "category" ? (editor.parentId === 0 ? null : editor.categoryId) : editor.artefactId;
  const next = treeParams(params, {
    open: artefactId === null || open.includes(artefactId) ? open : [...open, artefactId],
  });
  return withQuery(editorPath(editor), next);
}

/**
 * Where an editor's address of before, ?edit=category-12 | group-4 | content-9
 * or ?add=parent | artefact-3 | group-5 | content-5 | content-5-4, now is: the
 * editor's path, with the rest of the query as it was. Null when the URL has
 * neither parameter.
 */
export function legacyEditorHref(params: URLSearchParams): string | null {
  const name = params.has("edit") ? "edit" : params.has("add") ? "add" : null;
  if (!name) return null;
  const [kind = "", a, b] = (params.get(name) ?? "").split("-");
  const first = idParam(a);
  const rest = new URLSearchParams(params);
  rest.delete("edit");
  rest.delete("add");
  return withQuery(legacyEditor(name, kind, first, b === undefined ? null : idParam(b)) ?? CATALOGUE_PATH, rest);
}

function legacyEditor(name: "edit" | "add", kind: string, first: number, second: number | null): string | null {
  if (name === "edit") {
    if (kind === "category" || kind === "group" || kind === "content") return savedPath(kind, first);
    return null;
  }
  if (kind === "parent") return editorPath({ kind: "category", parentId: 0, categoryId: null });
  if (first === 0) return null;
  if (kind === "artefact") return editorPath({ kind: "category", parentId: first, categoryId: null });
  if (kind === "group") return editorPath({ kind, artefactId: first, groupId: null });
  if (kind === "content") return editorPath({ kind, artefactId: first, contentId: null, groupId: second });
  return null;
}
