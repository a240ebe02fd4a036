import type { IconSvgs } from "@skillshelf/shared/icons.ts";
import { drawingOf, MISSING_ICON } from "./catalogue-icon";

/*
 * Home repeats an icon per artefact (2,400 at 100 times the demo): its tiles draw each icon
 * once, as a symbol of one sprite, and use it by id, a few bytes where its path costs hundreds.
 */

/** Each value's id in an IconSprite: short, as a page may use them thousands of times. */
export const spriteIds = (values: Iterable<string>, prefix: string): Map<string, string> =>
  new Map([...new Set(values)].map((value, i) => [value, `${prefix}${i}`]));

/** The drawings of `ids`' values once each, as symbols for SpriteIcon. */
export function IconSprite({ icons, ids }: { icons: IconSvgs; ids: Map<string, string> }) {
  return (
    <svg className="icon-sprite" aria-hidden="true">
      {[...ids].map(([value, id]) => {
        const svg = drawingOf(icons, value) ?? MISSING_ICON;
        return (
          <symbol
            key={id}
            id={id}
            viewBox={svg.viewBox}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an icon set's own markup, resolved by the server from a name (icon-sets.ts), never a user's text.
            dangerouslySetInnerHTML={{ __html: svg.body }}
          />
        );
      })}
    </svg>
  );
}
