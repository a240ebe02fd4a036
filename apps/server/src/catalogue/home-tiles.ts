import {
  type ArtefactTileData,
  HOME_TILES_PER_PAGE,
  type HomeCatalogue,
  type HomeParent,
  type HomeQuery,
  type HomeTiles,
} from "@skillshelf/shared/api.ts";
import { firstLetter } from "@skillshelf/shared/first-letter.ts";
import type { IconSvgs } from "@skillshelf/shared/icons.ts";

interface Tile {
  parent: HomeParent;
  artefact: ArtefactTileData;
}

/**
 * Home's artefacts in the catalogue's order, all and by first letter, built once per
 * catalogue version: a page of them is a slice, whatever the catalogue's size.
 */
export class HomeTileIndex {
  private readonly all: Tile[];
  private readonly byLetter = new Map<string, Tile[]>();

  constructor(private readonly home: HomeCatalogue) {
    this.all = home.parents.flatMap((parent) => parent.artefacts.map((artefact) => ({ parent, artefact })));
    for (const tile of this.all) {
      const letter = firstLetter(tile.artefact.name);
      const tiles = this.byLetter.get(letter);
      if (tiles) tiles.push(tile);
      else this.byLetter.set(letter, [tile]);
    }
  }

  /** One page of the artefacts (of a letter), each under its parent; a page past the last is the last. */
  page({ letter, page }: HomeQuery): HomeTiles {
    const tiles = letter === null ? this.all : (this.byLetter.get(letter) ?? []);
    const pages = Math.max(1, Math.ceil(tiles.length / HOME_TILES_PER_PAGE));
    const shown = Math.min(page, pages);
    const start = (shown - 1) * HOME_TILES_PER_PAGE;
    const parents: HomeParent[] = [];
    const icons: IconSvgs = {};
    const draw = (value: string) => {
      const svg = this.home.icons[value];
      if (svg) icons[value] = svg;
    };
    for (const { parent, artefact } of tiles.slice(start, start + HOME_TILES_PER_PAGE)) {
      let last = parents.at(-1);
      if (last?.id !== parent.id) {
        last = { ...parent, artefacts: [] };
        parents.push(last);
        draw(parent.icon);
      }
      last.artefacts.push(artefact);
      draw(artefact.icon);
    }
    return { parents, letter, page: shown, pages, total: tiles.length, currency: this.home.currency, icons };
  }
}
