import fs from "node:fs";
import { createRequire } from "node:module";
import {
  DEFAULT_ICON,
  ICON_SETS,
  type IconChoice,
  type IconSet,
  type IconSvg,
  type IconSvgs,
  parseIconName,
} from "@skillshelf/shared/icons.ts";
import { iconNameOf } from "@skillshelf/shared/legacy-icons.ts";

/**
 * The kept icon sets (decision 0042): Simple Icons' brands and Lucide's drawings, in
 * Iconify's JSON. Only the server reads them: pages get the SVG of the icons they show
 * (`iconSvgs`), and the admin's picker a page of search results (`iconChoices`).
 */

interface IconifyIcon {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  /** Kept for old names, left out of searches. */
  hidden?: boolean;
}

interface IconifySet {
  icons: Record<string, IconifyIcon>;
  /** Other names of an icon; one that also turns or flips it has keys besides `parent`. */
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

const require = createRequire(import.meta.url);
const FILES: Record<IconSet, string> = {
  "simple-icons": require.resolve("@iconify-json/simple-icons/icons.json"),
  lucide: require.resolve("@iconify-json/lucide/icons.json"),
};
let loaded: Map<IconSet, IconifySet> | null = null;
let release: NodeJS.Timeout | undefined;

/**
 * How long the parsed sets stay after their last use. Pages need them only for a value
 * not drawn before (`drawn` keeps every drawing made), so a serving store lets them go
 * (about 10 MB) and reads them again for an operator's search or a new name.
 */
export const SETS_KEPT_MS = 60_000;

/** Both sets, read when needed: 5.4 MB of JSON, parsed in about 50 ms. */
function sets(): Map<IconSet, IconifySet> {
  loaded ??= new Map(ICON_SETS.map((set) => [set, JSON.parse(fs.readFileSync(FILES[set], "utf8")) as IconifySet]));
  if (release) release.refresh();
  else
    release = setTimeout(() => {
      loaded = null;
      release = undefined;
    }, SETS_KEPT_MS).unref();
  return loaded;
}

/** Whether the parsed sets are in memory now (for the tests). */
export const iconSetsLoaded = (): boolean => loaded !== null;

const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

/** The drawing of a name in its set (an alias's icon's, when the alias only renames it); null when no set has it. */
function drawingOf(name: string): IconSvg | null {
  const parsed = parseIconName(name);
  if (!parsed) return null;
  const set = sets().get(parsed.set);
  if (!set) return null;
  const alias = own(set.aliases, parsed.slug);
  const slug = alias && Object.keys(alias).length === 1 ? alias.parent : parsed.slug;
  const icon = own(set.icons, slug);
  if (!icon) return null;
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  return { body: icon.body, viewBox: `${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}` };
}

/** Whether a set has this name. */
export const iconExists = (name: string): boolean => drawingOf(name) !== null;

/** Resolved values; the catalogue stores few distinct ones, so this stays small. */
const drawn = new Map<string, IconSvg>();
const MAX_KEPT = 10_000;

/** What an icon value draws: its own icon, an old emoji's icon (legacy-icons.ts), else the default icon. */
export function iconSvg(value: string): IconSvg {
  const kept = drawn.get(value);
  if (kept) return kept;
  const svg = drawingOf(iconNameOf(value)) ?? drawingOf(DEFAULT_ICON);
  if (!svg) throw new Error(`the icon sets have no ${DEFAULT_ICON}`);
  if (drawn.size < MAX_KEPT) drawn.set(value, svg);
  return svg;
}

/** The drawing of each value, by the value as given: what a page's loader returns as `icons`. */
export function iconSvgs(values: Iterable<string>): IconSvgs {
  const found = new Map<string, IconSvg>();
  for (const value of values) if (!found.has(value)) found.set(value, iconSvg(value));
  // fromEntries makes own properties, even of a value such as "__proto__".
  return Object.fromEntries(found);
}

let searchable: { name: string; slug: string; compact: string }[] | null = null;

/** Every icon a search may find, brands first, without the hidden (old) ones and the aliases. */
function searchIndex() {
  searchable ??= [...sets()].flatMap(([prefix, set]) =>
    Object.entries(set.icons)
      .filter(([, icon]) => !icon.hidden)
      .map(([slug]) => ({ name: `${prefix}:${slug}`, slug, compact: slug.replace(/-/g, "") })),
  );
  return searchable;
}

/**
 * The names whose slug has the search in it: the exact one first, then those that start
 * with it, then the rest, shorter slugs before longer ones. "lucide:book" or "simple-icons:"
 * searches one set; spaces and hyphens do not count ("flask conical" finds flask-conical).
 */
export function searchIcons(search: string, limit: number): string[] {
  let text = search.trim().toLowerCase();
  let prefix: string | null = null;
  const colon = text.indexOf(":");
  if (colon >= 0) {
    prefix = text.slice(0, colon);
    text = text.slice(colon + 1);
  }
  const compact = text.replace(/[\s-]+/g, "");
  if (!compact && !prefix) return [];
  const rank = (entry: { slug: string; compact: string }) => {
    if (entry.compact === compact) return 0;
    if (entry.compact.startsWith(compact)) return 1;
    return entry.compact.includes(compact) ? 2 : -1;
  };
  return searchIndex()
    .filter((entry) => prefix === null || entry.name.startsWith(`${prefix}:`))
    .map((entry) => ({ entry, rank: rank(entry) }))
    .filter(({ rank }) => rank >= 0)
    .sort(
      (a, b) => a.rank - b.rank || a.entry.slug.length - b.entry.slug.length || (a.entry.name < b.entry.name ? -1 : 1),
    )
    .slice(0, limit)
    .map(({ entry }) => entry.name);
}

/** What the picker offers without a search: drawings for the store's formats, then common brands. */
export const SUGGESTED_ICONS = [
  "lucide:book-open",
  "lucide:layers",
  "lucide:clipboard-list",
  "lucide:flask-conical",
  "lucide:blocks",
  "lucide:briefcase",
  "lucide:library",
  "lucide:graduation-cap",
  "lucide:notebook-pen",
  "lucide:file-text",
  "lucide:database",
  "lucide:network",
  "lucide:globe",
  "lucide:cloud",
  "lucide:terminal",
  "lucide:code",
  "lucide:shield-check",
  "lucide:key-round",
  "lucide:brain-circuit",
  "lucide:palette",
  "lucide:siren",
  "lucide:target",
  "lucide:rocket",
  "lucide:lightbulb",
  "simple-icons:docker",
  "simple-icons:kubernetes",
  "simple-icons:git",
  "simple-icons:linux",
  "simple-icons:python",
  "simple-icons:javascript",
] as const;

/** How many icons a search shows at most. */
const ICON_CHOICES_LIMIT = 30;

/**
 * The picker's list: the icon chosen now (a value from before icons were named is read as
 * its icon), and what `search` finds or, without one, the suggestions; each with its drawing.
 */
export function iconChoices({ current, search }: { current: string; search?: string | undefined }): {
  chosen: IconChoice;
  found: IconChoice[];
} {
  const chosen = iconNameOf(current);
  const found = search?.trim() ? searchIcons(search, ICON_CHOICES_LIMIT) : SUGGESTED_ICONS;
  return {
    chosen: { name: chosen, svg: iconSvg(chosen) },
    found: found.map((name) => ({ name, svg: iconSvg(name) })),
  };
}
