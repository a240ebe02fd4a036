import type { IconSvg, IconSvgs } from "@skillshelf/shared/icons.ts";
import { useMatches } from "react-router";

/*
 * Catalogue icons ("simple-icons:docker", "lucide:layers") drawn as inline SVG from
 * what the server resolved (decision 0042): the browser gets no icon set and needs
 * no font, so every browser draws the same. A loader whose page shows icons returns
 * their drawings as `icons` (store.icons); CatalogueIcon finds a value's drawing in
 * the data of the routes shown.
 */

/** Drawn when a page's data lacks a value (a loader that forgot it): a plain rounded square. */
export const MISSING_ICON: IconSvg = {
  body: '<path fill="none" stroke="currentColor" stroke-width="2" d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2"/>',
  viewBox: "0 0 24 24",
};

/** A value's drawing in `icons`, by own property only ("constructor" is no icon). */
export const drawingOf = (icons: IconSvgs | undefined, value: string): IconSvg | undefined =>
  icons && Object.hasOwn(icons, value) ? icons[value] : undefined;

/** The drawing of `value` in the data of the routes shown, deepest first. */
function useDrawing(value: string): IconSvg {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { icons?: IconSvgs } | null | undefined;
    const found = drawingOf(data?.icons, value);
    if (found) return found;
  }
  return MISSING_ICON;
}

interface IconProps {
  /** Said for the icon when nothing beside it names the same thing; otherwise it is decorative. */
  label?: string | undefined;
  className?: string | undefined;
}

/**
 * A category's icon (its `icon` value) as inline SVG, 1em square unless its class sizes it,
 * in currentColor. Beside the category's name it is decorative and hidden from assistive
 * technology; with a `label` it is an image with that name.
 */
export function CatalogueIcon({ value, ...props }: IconProps & { value: string }) {
  return <DrawnIcon svg={useDrawing(value)} {...props} />;
}

/** An icon whose drawing is at hand (the admin's picker gets its choices with theirs). */
export function DrawnIcon({ svg, label, className }: IconProps & { svg: IconSvg }) {
  return (
    <svg
      className={className}
      viewBox={svg.viewBox}
      width="1em"
      height="1em"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an icon set's own markup, resolved by the server from a name (icon-sets.ts), never a user's text.
      dangerouslySetInnerHTML={{ __html: svg.body }}
    />
  );
}
