import type { CategoryEntry } from "@skillshelf/shared/api.ts";
import { MORE_CATEGORY } from "@skillshelf/shared/constants.ts";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CatalogueText } from "../../../components/catalogue-text";
import { ChevronDownIcon } from "../../../components/icons/chevron-down-icon";
import { useCloseOnNavigate } from "../../../hooks/use-close-on-navigate";
import { POPUP_OPEN, useDismiss } from "../../../hooks/use-dismiss";
import { useHydrated } from "../../../hooks/use-hydrated";
import { useLanguagePath, useTranslator } from "../../../lib/i18n";
import { getMoreCategories } from "../api/get-more-categories";

const MORE_PATH = `/${MORE_CATEGORY.slug}`;

/**
 * The 'More..' disclosure: a button that shows the non-header categories as links.
 * The list is fetched when the menu is about to open, so no page carries it. Until the
 * page's script runs (or without JavaScript) the trigger is a plain link to /more, the
 * page that lists the same categories.
 */
export function MoreMenu({ label }: { label: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { language } = useTranslator();
  const morePage = useLanguagePath()(MORE_PATH);
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<CategoryEntry[] | null>(null);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pending = useRef<Promise<CategoryEntry[] | null> | null>(null);
  const focusFirst = useRef(false);
  const panelId = useId();
  useCloseOnNavigate(close);
  useDismiss(open, close, root, button);

  // One request at a time; each opening asks again (a 304 when nothing changed).
  const load = useCallback(() => {
    pending.current ??= getMoreCategories(language).then((list) => {
      pending.current = null;
      if (list) setEntries(list);
      return list;
    });
    return pending.current;
  }, [language]);

  const show = (withFocus: boolean) => {
    focusFirst.current = withFocus;
    setOpen(true);
    void load().then((list) => {
      // The list could not be fetched: the full page shows it (or says what went wrong).
      if (!list && !entries) {
        setOpen(false);
        navigate(morePage);
      }
    });
  };

  // ArrowDown opened the menu: move to its first link once the list is there.
  useEffect(() => {
    if (!open || !entries || !focusFirst.current) return;
    focusFirst.current = false;
    root.current?.querySelector<HTMLAnchorElement>(".more-menu__panel a")?.focus();
  }, [open, entries]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    show(true);
  };

  if (!hydrated) {
    return (
      <div className="more-menu">
        <a href={morePage} className="nav-link more-menu__button">
          {label}
          <ChevronDownIcon size={16} />
        </a>
      </div>
    );
  }

  return (
    <div ref={root} className="more-menu" {...(open ? POPUP_OPEN : {})}>
      <button
        ref={button}
        type="button"
        className="nav-link more-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-busy={open && !entries}
        onClick={() => (open ? close() : show(false))}
        onKeyDown={onButtonKeyDown}
        // Start the request as the pointer or focus arrives, so the list is usually there on click.
        onPointerEnter={() => entries || void load()}
        onFocus={() => entries || void load()}
      >
        {label}
        <ChevronDownIcon size={16} />
      </button>
      <ul id={panelId} className="more-menu__panel" hidden={!open || !entries}>
        <MoreLinkItems entries={entries ?? []} />
      </ul>
    </div>
  );
}

/** The non-header categories as list items of links: the dropdown's and the /more page's. */
export function MoreLinkItems({ entries }: { entries: CategoryEntry[] }) {
  const at = useLanguagePath();
  return entries.map((entry) => (
    <li key={entry.id}>
      <Link to={at(`/${entry.slug}`)} className="more-menu__link">
        <CatalogueText of={entry} name="name">
          {entry.name}
        </CatalogueText>
      </Link>
    </li>
  ));
}
