/** The catalogue editor's forms, each posted to the page's action with its `intent` (catalogue-action.server.ts). */
const CATALOGUE_INTENTS = [
  "category-create",
  "category-update",
  "category-delete",
  "categories-reorder",
  "move",
  "group-create",
  "group-update",
  "group-delete",
  "groups-reorder",
  "content-create",
  "content-update",
  "content-delete",
  "contents-reorder",
  "related",
  "media-delete",
] as const;
export type CatalogueIntent = (typeof CATALOGUE_INTENTS)[number];

export const isCatalogueIntent = (value: string): value is CatalogueIntent =>
  (CATALOGUE_INTENTS as readonly string[]).includes(value);

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

/**
 * The editor's pickers' searches: each belongs to the form that is open, so the
 * tree's links and toggles keep them, and its filter (a new search) does not.
 */
export const PICKER_SEARCHES: readonly string[] = [PARENT_SEARCH, RELATED_SEARCH];
