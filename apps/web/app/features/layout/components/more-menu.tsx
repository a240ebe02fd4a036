import type { CategoryEntry } from "@skillshelf/shared/api.ts";
import { type KeyboardEvent, useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "../../../components/icons/chevron-down-icon";
import { useCloseOnNavigate } from "../../../hooks/use-close-on-navigate";
import { POPUP_OPEN, useDismiss } from "../../../hooks/use-dismiss";

interface MoreMenuProps {
  label: string;
  entries: CategoryEntry[];
}

/** The 'More..' disclosure: a button that shows the non-header categories as links. */
export function MoreMenu({ label, entries }: MoreMenuProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useCloseOnNavigate(close);
  useDismiss(open, close, root, button);

  // ArrowDown on the button opens the list and moves to its first link.
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    setOpen(true);
    requestAnimationFrame(() => root.current?.querySelector("a")?.focus());
  };

  return (
    <div ref={root} className="more-menu" {...(open ? POPUP_OPEN : {})}>
      <button
        ref={button}
        type="button"
        className="nav-link more-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <ChevronDownIcon size={16} />
      </button>
      <ul id={panelId} className="more-menu__panel" hidden={!open}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link to={`/${entry.slug}`} className="more-menu__link">
              {entry.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
