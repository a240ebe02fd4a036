/** The catalogue editor's forms, each posted to the page's action with its `intent` (catalogue-action.server.ts). */
export const CATALOGUE_INTENTS = [
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
