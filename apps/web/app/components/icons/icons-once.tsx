import type { IconSvgs } from "@skillshelf/shared/icons.ts";
import type { ReactNode } from "react";
import { SpriteIds, usePageIcons } from "./catalogue-icon";
import { IconSprite, spriteIds } from "./icon-sprite";

/**
 * Draws the icons of the page's data once, and has every CatalogueIcon in `children` use
 * them by reference: a list of orders, items or cart lines repeats a few icons whose
 * drawings (a brand's path is up to 3 KB) would otherwise be written on every row.
 */
export function IconsOnce({ children }: { children: ReactNode }) {
  const icons = Object.assign({}, ...usePageIcons().toReversed()) as IconSvgs;
  const ids = spriteIds(Object.keys(icons), "ci");
  return (
    <SpriteIds.Provider value={ids}>
      <IconSprite icons={icons} ids={ids} />
      {children}
    </SpriteIds.Provider>
  );
}
