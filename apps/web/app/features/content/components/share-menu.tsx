import { type MouseEvent, type ReactNode, useCallback, useId, useRef, useState } from "react";
import { FacebookIcon } from "../../../components/icons/facebook-icon";
import { MailIcon } from "../../../components/icons/mail-icon";
import { ShareIcon } from "../../../components/icons/share-icon";
import { WhatsappIcon } from "../../../components/icons/whatsapp-icon";
import { XIcon } from "../../../components/icons/x-icon";
import { POPUP_OPEN, useDismiss } from "../../../hooks/use-dismiss";
import { useT } from "../../../lib/i18n";
import { openSharePopup, type ShareLink, useMobileAgent } from "../share-links";

const ICONS: Record<ShareLink["id"], ReactNode> = {
  facebook: <FacebookIcon />,
  x: <XIcon />,
  whatsapp: <WhatsappIcon />,
  email: <MailIcon />,
};

export function ShareMenu({ links }: { links: ShareLink[] }) {
  // Read in the browser: the page's HTML is the same for every visitor (and cached so).
  const t = useT();
  const mobile = useMobileAgent();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, close, root, button);

  const hrefOf = (link: ShareLink) => (mobile && link.mobileHref) || link.href;
  const onPick = (link: ShareLink) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (link.popup) {
      event.preventDefault();
      openSharePopup(hrefOf(link));
    }
    close();
  };

  return (
    <div ref={root} className="share-menu" {...(open ? POPUP_OPEN : {})}>
      <button
        ref={button}
        type="button"
        className="button button--light"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <ShareIcon size={18} />
        {t("Share")}
      </button>
      <ul id={panelId} className="share-menu__panel" hidden={!open}>
        {links.map((link) => (
          <li key={link.id}>
            <a
              href={hrefOf(link)}
              className={`share-menu__link share-menu__link--${link.id}`}
              onClick={onPick(link)}
              {...(link.id === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
            >
              {ICONS[link.id]}
              {t(link.label)}
              {link.id !== "email" && <span className="sr-only">{t(" (opens in a new window)")}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
