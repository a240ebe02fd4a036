import { SUPPORT_EMAIL, SUPPORT_PHONE } from "@skillshelf/shared/constants.ts";

export function SiteFooter({ paymentsEmulated }: { paymentsEmulated: boolean }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">Skillshelf</p>
          <p>Tech cards, cheat sheets, labs and interview kits for engineers who learn by doing.</p>
        </div>
        <ul className="site-footer__contact">
          <li>
            <span className="site-footer__label">Support</span>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
          <li>
            <span className="site-footer__label">Phone</span>
            <a href={`tel:${SUPPORT_PHONE.replace(/\s+/g, "")}`}>{SUPPORT_PHONE}</a>
          </li>
        </ul>
      </div>
      <div className="container site-footer__legal">
        <p>© {new Date().getFullYear()} Skillshelf. All rights reserved.</p>
        {paymentsEmulated && <p>Payments on this store are emulated: no real money is charged.</p>}
      </div>
    </footer>
  );
}
