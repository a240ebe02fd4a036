import { Suspense, useCallback, useId, useRef, useState } from "react";
import { ShareIcon } from "../../../components/icons/share-icon";
import { POPUP_OPEN, useDismiss } from "../../../hooks/use-dismiss";
import { useT } from "../../../lib/i18n";
import { onDemand } from "../../../lib/on-demand";
import type { ShareLink } from "../share-links";

/** The links, whose code comes with the menu's first opening: it opens only once the page's script runs. */
const SharePanel = onDemand(() => import("./share-panel.lazy").then((module) => module.SharePanel));

export function ShareMenu({ links }: { links: ShareLink[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Once opened, the links stay in the page (hidden while the menu is closed).
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, close, root, button);

  // What the button controls until the links are here: the panel, empty and hidden.
  const waiting = <ul id={panelId} className="share-menu__panel" hidden />;
  return (
    <div ref={root} className="share-menu" {...(open ? POPUP_OPEN : {})}>
      <button
        ref={button}
        type="button"
        className="button button--light"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpened(true);
          setOpen(!open);
        }}
      >
        <ShareIcon size={18} />
        {t("Share")}
      </button>
      {opened ? (
        <Suspense fallback={waiting}>
          <SharePanel id={panelId} links={links} open={open} onPicked={close} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
