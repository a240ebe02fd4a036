import { SUPPORT_EMAIL, SUPPORT_PHONE } from "@skillshelf/shared/constants.ts";
import { useT } from "../../../lib/i18n";
import { LanguageSwitcher } from "./language-switcher";

export function SiteFooter({ paymentsEmulated, signedIn }: { paymentsEmulated: boolean; signedIn: boolean }) {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">Skillshelf</p>
          <p>{t("Tech cards, cheat sheets, labs and interview kits for engineers who learn by doing.")}</p>
        </div>
        <ul className="site-footer__contact">
          <li>
            <span className="site-footer__label">{t("Support")}</span>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
          <li>
            <span className="site-footer__label">{t("Phone")}</span>
            <a href={`tel:${SUPPORT_PHONE.replace(/\s+/g, "")}`}>{SUPPORT_PHONE}</a>
          </li>
        </ul>
        <LanguageSwitcher signedIn={signedIn} />
      </div>
      <div className="container site-footer__legal">
        <p>{t("© {{year}} Skillshelf. All rights reserved.", { year: new Date().getFullYear() })}</p>
        {paymentsEmulated && <p>{t("Payments on this store are emulated: no real money is charged.")}</p>}
      </div>
    </footer>
  );
}
