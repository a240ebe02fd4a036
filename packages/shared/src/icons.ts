/**
 * Catalogue icons are named by their kept icon set and slug: "simple-icons:docker"
 * (brands), "lucide:flask-conical" (generic drawings). The server resolves a name to
 * its SVG once (apps/server/src/catalogue/icon-sets.ts) and pages draw it inline
 * (decision 0042). This module is what the browser may import: names and types only.
 */

/** The kept sets, by their Iconify prefix: brands (CC0) and generic drawings (ISC). */
export const ICON_SETS = ["simple-icons", "lucide"] as const;
export type IconSet = (typeof ICON_SETS)[number];

/** The longest name the catalogue keeps: the sets' longest is 45 ("lucide:" and 38). */
export const ICON_NAME_MAX = 64;

/** A set's prefix, a colon and the icon's slug (lower-case letters, digits and single hyphens). */
export const ICON_NAME_PATTERN = /^(simple-icons|lucide):[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a category without an icon of its own (or with one no set has) shows. */
export const DEFAULT_ICON = "lucide:book-open";

/** One icon's drawing: its SVG body (the set's own markup) and the viewBox it is drawn in. */
export interface IconSvg {
  body: string;
  viewBox: string;
}

/** Drawings by the icon value they stand for (the `icon` field as stored). */
export type IconSvgs = Record<string, IconSvg>;

/** One entry of the admin's icon picker: a name and its drawing. */
export interface IconChoice {
  name: string;
  svg: IconSvg;
}

export const isIconName = (value: string): boolean => value.length <= ICON_NAME_MAX && ICON_NAME_PATTERN.test(value);

/** The set and slug of a name; null when it is not one. */
export function parseIconName(value: string): { set: IconSet; slug: string } | null {
  if (!isIconName(value)) return null;
  const colon = value.indexOf(":");
  return { set: value.slice(0, colon) as IconSet, slug: value.slice(colon + 1) };
}
