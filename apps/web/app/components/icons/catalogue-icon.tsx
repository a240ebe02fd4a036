import type { IconSvg, IconSvgs } from "@skillshelf/shared/icons.ts";
import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/*
 * Catalogue icons ("simple-icons:docker", "lucide:layers") drawn as inline SVG from
 * what the server resolved (decision 0042): the browser gets no icon set and needs
 * no font, so every browser draws the same. A loader whose page shows icons returns
 * their drawings as `icons` (store.icons); CatalogueIcon finds a value's drawing in
 * the data of the routes shown. Inside an IconsOnce (icons-once.tsx), as on a list
 * that repeats icons, it uses the page's one copy of the drawing by reference.
 */

/** The ids of the drawings an IconsOnce has drawn once, by value. */
export const SpriteIds = createContext<ReadonlyMap<string, string> | null>(null);

/** Drawn when a page's data lacks a value (a loader that forgot it): a plain rounded square. */
export const MISSING_ICON: IconSvg = {
  body: '<path fill="none" stroke="currentColor" stroke-width="2" d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2"/>',
  viewBox: "0 0 24 24",
};

/** A value's drawing in `icons`, by own property only ("constructor" is no icon). */
export const drawingOf = (icons: IconSvgs | undefined, value: string): IconSvg | undefined =>
  icons && Object.hasOwn(icons, value) ? icons[value] : undefined;

/** The icons in the data of the routes shown, deepest first. */
export function usePageIcons(): IconSvgs[] {
  return useMatches()
    .map((match) => (match.loaderData as { icons?: IconSvgs } | null | undefined)?.icons)
    .filter((icons) => icons !== undefined)
    .reverse();
}

/** The drawing of `value` in the data of the routes shown, deepest first. */
function useDrawing(value: string): IconSvg {
  const pageIcons = usePageIcons();
  for (const icons of pageIcons) {
    const found = drawingOf(icons, value);
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
  const drawing = useDrawing(value);
  const id = useContext(SpriteIds)?.get(value);
  // Beside its name it is decoration; one that names itself keeps its own drawing and label.
  return id && !props.label ? (
    <SpriteIcon id={id} className={props.className} size="1em" />
  ) : (
    <DrawnIcon svg={drawing} {...props} />
  );
}

/**
 * A decorative icon drawn once elsewhere in the page, as the symbol `id` of an IconSprite,
 * used by reference: `size` square, or as its class sizes it.
 */
export function SpriteIcon({ id, className, size }: { id: string; className?: string | undefined; size?: string }) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true">
      <use href={`#${id}`} />
    </svg>
  );
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
