/**
 * The tree's forms (↑ ↓ and Delete), on every page of the editor: without
 * JavaScript they post to the page they are on, whichever editor is open.
 */
const TREE_INTENTS = [
  "category-delete",
  "categories-reorder",
  "move",
  "group-delete",
  "groups-reorder",
  "content-delete",
  "contents-reorder",
] as const;

/** Each editor's forms, posted to its own route's action with their `intent` (catalogue-action.server.ts). */
export const CATEGORY_INTENTS = [...TREE_INTENTS, "category-create", "category-update", "translate"] as const;
export const GROUP_INTENTS = [...TREE_INTENTS, "group-create", "group-update", "translate"] as const;
export const CONTENT_INTENTS = [
  ...TREE_INTENTS,
  "translate",
  "content-create",
  "content-update",
  "related",
  "media-delete",
] as const;

/** Every form of the editor: the page's own action takes each (a form posted from a page of before). */
export const CATALOGUE_INTENTS = [
  ...TREE_INTENTS,
  "category-create",
  "category-update",
  "group-create",
  "group-update",
  "content-create",
  "content-update",
  "related",
  "media-delete",
  "translate",
] as const;
export type CatalogueIntent = (typeof CATALOGUE_INTENTS)[number];

/** The category form's checkboxes: a browser leaves an unticked one out of its post. */
export const CATALOGUE_CHECKBOXES = ["is_header_menu", "hidden"] as const;

/** The tree's URL parameters, which the editor's links, forms and answers keep: its search, page and open artefacts. */
export const TREE_PARAMS: readonly string[] = ["search", "cursor", "open"];

/**
 * The tree's parameters of `params` (TREE_PARAMS), blank ones left out. An empty
 * `open=` is kept with `emptyOpen`: "none open" is not "the editor's artefact open".
 */
export function treeParamsOf(params: URLSearchParams, options: { emptyOpen: boolean }): URLSearchParams {
  const tree = new URLSearchParams();
  for (const name of TREE_PARAMS) {
    const value = params.get(name);
    if (value || (options.emptyOpen && name === "open" && value !== null)) tree.set(name, value);
  }
  return tree;
}

/** The URL parameter of the artefact form's search for a parent. */
export const PARENT_SEARCH = "parents";

/** The URL parameter of the content form's search for related content. */
export const RELATED_SEARCH = "related";

/** The URL parameter of the category form's search for an icon. */
export const ICON_SEARCH = "icons";

/**
 * The editor's pickers' searches: each belongs to the form that is open, so the
 * tree's links and toggles keep them, and its filter (a new search) does not.
 */
export const PICKER_SEARCHES: readonly string[] = [PARENT_SEARCH, RELATED_SEARCH, ICON_SEARCH];
