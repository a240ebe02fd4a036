import type { ArtefactTileData, HomeParent } from "@skillshelf/shared/api.ts";

/**
 * Home's loader data is serialized into the page once per artefact, so each tile
 * travels as a tuple: the serializer then writes no key references per artefact.
 */
export type PackedTile = [slug: string, name: string, icon: string, singleLine: string, count: number];

export interface PackedParent {
  id: number;
  name: string;
  icon: string;
  tiles: PackedTile[];
}

export const packParent = (parent: HomeParent): PackedParent => ({
  id: parent.id,
  name: parent.name,
  icon: parent.icon,
  tiles: parent.artefacts.map((a) => [a.slug, a.name, a.icon, a.single_line, a.count]),
});

export const unpackTile = ([slug, name, icon, single_line, count]: PackedTile): ArtefactTileData => ({
  slug,
  name,
  icon,
  single_line,
  count,
});
