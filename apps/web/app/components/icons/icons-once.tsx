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
  // Deepest last, so its drawing wins; fromEntries keeps any value ("__proto__") an own property.
  const icons: IconSvgs = Object.fromEntries(usePageIcons().toReversed().flatMap(Object.entries));
  const ids = spriteIds(Object.keys(icons), "ci");
  return (
    <SpriteIds.Provider value={ids}>
      <IconSprite icons={icons} ids={ids} />
      {children}
    </SpriteIds.Provider>
  );
}
