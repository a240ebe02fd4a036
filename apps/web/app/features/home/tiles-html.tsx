import type { HomeCatalogue } from "@skillshelf/shared/api.ts";
import type { Formatting } from "@skillshelf/shared/formatting.ts";
import type { PageTranslator } from "@skillshelf/shared/i18n/page-translator.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslatorProvider } from "../../lib/i18n";
import { offerText } from "../catalogue/offer-text";
import { ArtefactGroups } from "./components/artefact-groups";

/*
 * Home's tiles (every artefact: 2,400 at 100 times the demo) are most of what a
 * home page costs to render, and they differ between viewers only in what each
 * tile's offer says: Owned, or the price. So they are rendered once per
 * catalogue, translator and locale, with a marker where each offer goes, and a
 * viewer's tiles are that HTML with their offers put in. Tiles show no dates:
 * the time zone is not part of the key (tiles-html.test.tsx renders with
 * another one and compares the bytes with a render of its own).
 */

/** Marks a tile's offer in the kept HTML: a private-use character around the artefact's id. */
const MARK = "\uE000";
const MARKED = new RegExp(`${MARK}(\\d+)${MARK}`);

interface KeptTiles {
  /** The HTML between the offers: one more part than there are tiles. */
  parts: string[];
  /** Each tile's artefact, and its offer's HTML for its owner and for everyone else. */
  tiles: { id: number; owned: string; offer: string }[];
}

/** Per catalogue (its home view is made anew when it changes), per translator, per locale. */
const kept = new WeakMap<HomeCatalogue, WeakMap<PageTranslator, Map<string, KeptTiles | null>>>();

/** What the tiles of `home` render as for this viewer: the same HTML as ArtefactGroups renders. */
export function tilesHtml(
  home: HomeCatalogue,
  owned: readonly number[],
  formatting: Formatting,
  translator: PageTranslator,
): string {
  let byTranslator = kept.get(home);
  if (!byTranslator) {
    byTranslator = new WeakMap();
    kept.set(home, byTranslator);
  }
  let byLocale = byTranslator.get(translator);
  if (!byLocale) {
    byLocale = new Map();
    byTranslator.set(translator, byLocale);
  }
  let tiles = byLocale.get(formatting.locale);
  if (tiles === undefined) {
    tiles = keepTiles(home, formatting, translator);
    byLocale.set(formatting.locale, tiles);
  }
  // null: the catalogue's own text carries the marker, so the parts cannot be told apart.
  if (tiles === null) return render(home, [...owned], formatting, translator);
  const ownedIds = new Set(owned);
  let html = tiles.parts[0] ?? "";
  tiles.tiles.forEach((tile, i) => {
    html += (ownedIds.has(tile.id) ? tile.owned : tile.offer) + tiles.parts[i + 1];
  });
  return html;
}

function render(
  home: HomeCatalogue,
  owned: number[],
  formatting: Formatting,
  translator: PageTranslator,
  offer?: (artefact: { id: number }) => string,
): string {
  return renderToStaticMarkup(
    <TranslatorProvider value={translator}>
      <ArtefactGroups home={home} owned={owned} formatting={formatting} offer={offer} />
    </TranslatorProvider>,
  );
}

function keepTiles(home: HomeCatalogue, formatting: Formatting, translator: PageTranslator): KeptTiles | null {
  const shown = home.parents.flatMap((parent) => parent.artefacts);
  const pieces = render(home, [], formatting, translator, (artefact) => `${MARK}${artefact.id}${MARK}`).split(MARKED);
  // [html, id, html, id, ..., html]: one id per tile, in the order rendered.
  if (pieces.length !== shown.length * 2 + 1) return null;
  const escaped = new Map<string, string>();
  // React's own escaping of a text, once per distinct text (a few prices, Owned, Free).
  const html = (text: string) => {
    let found = escaped.get(text);
    if (found === undefined) {
      found = renderToStaticMarkup(text);
      escaped.set(text, found);
    }
    return found;
  };
  const parts: string[] = [];
  const tiles: KeptTiles["tiles"] = [];
  for (const [i, artefact] of shown.entries()) {
    if (pieces[i * 2 + 1] !== String(artefact.id)) return null;
    parts.push(pieces[i * 2] ?? "");
    tiles.push({
      id: artefact.id,
      owned: html(offerText(artefact.offer, home.currency, true, translator.t, formatting)),
      offer: html(offerText(artefact.offer, home.currency, false, translator.t, formatting)),
    });
  }
  parts.push(pieces[pieces.length - 1] ?? "");
  return { parts, tiles };
}
