import { SEARCH_MAX_QUERY, type SearchSuggestion } from "@skillshelf/shared/search.ts";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { useLanguagePath, useTranslator } from "../../../lib/i18n";
import { SEARCH_INPUT_ID, type SearchComboboxProps } from "./header-search";

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 150;
/** Fewer characters than this suggest nothing: one letter matches too much to help. */
const MIN_CHARS = 2;

/**
 * The header's search box with suggestions while typing, a combobox with a
 * listbox popup (WAI-ARIA Authoring Practices): arrow keys move through the
 * suggestions, Enter opens the chosen one or, with none chosen, the results
 * page; Escape closes the list, or clears the box when it is closed.
 */
export function SearchCombobox({ initialQuery, focused }: SearchComboboxProps) {
  const { t, language } = useTranslator();
  const at = useLanguagePath();
  const [query, setQuery] = useState(initialQuery);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    if (!focused || !input.current) return;
    input.current.focus();
    const end = input.current.value.length;
    input.current.setSelectionRange(end, end);
  }, [focused]);

  // Ask for suggestions once typing pauses; a newer query cancels the older request.
  useEffect(() => {
    const text = query.trim();
    if (text.length < MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q: text, lang: language });
        const response = await fetch(`/api/search/suggestions?${params}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as { data: SearchSuggestion[] };
        setSuggestions(body.data);
        setActive(-1);
      } catch {
        // Aborted, or no network: the box still searches on Enter.
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, language]);

  const expanded = open && suggestions.length > 0 && query.trim().length >= MIN_CHARS;

  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    navigate(at(suggestion.url));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        if (!expanded) setActive(step === 1 ? 0 : count - 1);
        // Through the options and back to the box itself (-1), round and round.
        else setActive((i) => ((i + 1 + step + count + 1) % (count + 1)) - 1);
        return;
      }
      case "Enter": {
        const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen);
        } else setOpen(false);
        return;
      }
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else setQuery("");
        return;
    }
  };

  return (
    <Form role="search" aria-label={t("Site")} action={at("/search")} method="get" className="header-search">
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
        maxLength={SEARCH_MAX_QUERY}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox popup of a combobox (WAI-ARIA APG) */}
      <ul id={listId} role="listbox" aria-label={t("Suggestions")} className="header-search__list" hidden={!expanded}>
        {suggestions.map((suggestion, i) => (
          // Options are chosen with the mouse without taking the focus from the box.
          // The focus stays in the box, which points at the active option (aria-activedescendant); its
          // arrow keys and Enter choose, so options take no focus nor keys of their own (WAI-ARIA APG).
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          <li
            key={suggestion.url}
            id={optionId(i)}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: see above
            role="option"
            aria-selected={i === active}
            className="header-search__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
          >
            <span className="header-search__label">{suggestion.label}</span>
            <span className="header-search__context">
              {suggestion.kind === "artefact"
                ? t("in {{context}}", { context: suggestion.context })
                : t("article in {{context}}", { context: suggestion.context })}
            </span>
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded
          ? t("{{count}} suggestions, use the up and down arrows to choose", { count: suggestions.length })
          : ""}
      </p>
    </Form>
  );
}
