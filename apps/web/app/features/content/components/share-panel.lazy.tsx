import type { MouseEvent, ReactNode } from "react";
import { FacebookIcon } from "../../../components/icons/facebook-icon";
import { MailIcon } from "../../../components/icons/mail-icon";
import { WhatsappIcon } from "../../../components/icons/whatsapp-icon";
import { XIcon } from "../../../components/icons/x-icon";
import { useT } from "../../../lib/i18n";
import { openSharePopup, type ShareLink, useMobileAgent } from "../share-links";

const ICONS: Record<ShareLink["id"], ReactNode> = {
  facebook: <FacebookIcon />,
  x: <XIcon />,
  whatsapp: <WhatsappIcon />,
  email: <MailIcon />,
};

interface SharePanelProps {
  id: string;
  links: ShareLink[];
  open: boolean;
  /** Closes the menu once a target is picked. */
  onPicked: () => void;
}

/** The Share menu's links (share-menu.tsx), whose code comes with the menu's first opening. */
export function SharePanel({ id, links, open, onPicked }: SharePanelProps) {
  // Read in the browser: the page's HTML is the same for every visitor (and cached so).
  const t = useT();
  const mobile = useMobileAgent();

  const hrefOf = (link: ShareLink) => (mobile && link.mobileHref) || link.href;
  const onPick = (link: ShareLink) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (link.popup) {
      event.preventDefault();
      openSharePopup(hrefOf(link));
    }
    onPicked();
  };

  return (
    <ul id={id} className="share-menu__panel" hidden={!open}>
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
  );
}
