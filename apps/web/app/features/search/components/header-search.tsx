import { type ComponentType, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";

export const SEARCH_INPUT_ID = "site-search";

/** What the suggestions box (search-combobox.tsx) is given when it takes over the plain one. */
export interface SearchComboboxProps {
  /** What was typed into the plain box before this loaded. */
  initialQuery: string;
  /** Whether the plain box had the focus: this box takes it over. */
  focused: boolean;
}

/**
 * The suggestions box, once its code is here. It comes with the /search page's
 * module (routes/search.tsx provides it), which React Router loads when the
 * header's box is first focused: no page's initial JavaScript carries it, and no
 * loader of our own is needed.
 */
let provided: ComponentType<SearchComboboxProps> | null = null;
const waiting = new Set<() => void>();

export function provideSearchCombobox(component: ComponentType<SearchComboboxProps>) {
  provided = component;
  for (const wake of waiting) wake();
}

/**
 * The header's search box: a plain GET form to /search, which works before and
 * without JavaScript. Focusing or hovering it loads the suggestions while typing
 * (search-combobox.tsx), which then takes over the box with what was typed.
 */
export function HeaderSearch() {
  // Always the plain form first, on the server and when hydrating; the box is swapped once it is asked for.
  const t = useT();
  const at = useLanguagePath();
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher();
  const asked = useRef(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    const take = () => setCombobox(() => provided);
    if (provided) return take();
    waiting.add(take);
    return () => {
      waiting.delete(take);
    };
  }, [wanted]);

  const enhance = () => {
    if (asked.current) return;
    asked.current = true;
    setWanted(true);
    // Loads the /search route's module (and its empty-state data, a few bytes) without navigating.
    if (!provided) fetcher.load(at("/search"));
  };

  if (Combobox) {
    const plain = input.current;
    return <Combobox initialQuery={plain?.value ?? ""} focused={plain !== null && document.activeElement === plain} />;
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the landmark; <search> is too new for some readers.
    <form role="search" aria-label={t("Site")} action={at("/search")} method="get" className="header-search">
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {t("Search the catalogue")}
      </label>
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
        className="header-search__input"
        type="search"
        name="q"
        placeholder={t("Search")}
        autoComplete="off"
        onFocus={enhance}
        onPointerEnter={enhance}
      />
    </form>
  );
}
