import type { ReactNode } from "react";

/** A catalogue object as the server answers it on a Spanish or French page (catalogue-translations.ts). */
interface Marked {
  untranslated?: string[];
}

/** `lang="en"` when `item`'s text `name` has no translation in the page's language and shows in English. */
export function langOf(item: Marked, name: string): "en" | undefined {
  return item.untranslated?.includes(name) ? "en" : undefined;
}

/**
 * A catalogue text, marked as English when it is an untranslated one on a page in another language
 * (WCAG 3.1.2: a screen reader then reads it as English). Elsewhere it is the text alone.
 */
export function CatalogueText({ of, name, children }: { of: Marked; name: string; children: ReactNode }) {
  return langOf(of, name) ? <span lang="en">{children}</span> : children;
}
