import type { Navigation } from "@skillshelf/shared/api.ts";
import { MORE_CATEGORY } from "@skillshelf/shared/constants.ts";
import { useCallback, useRef, useState } from "react";
import { NavLink } from "react-router";
import { CatalogueText } from "../../../components/catalogue-text";
import { CloseIcon } from "../../../components/icons/close-icon";
import { MenuIcon } from "../../../components/icons/menu-icon";
import { useCloseOnNavigate } from "../../../hooks/use-close-on-navigate";
import { POPUP_OPEN, useDismiss } from "../../../hooks/use-dismiss";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { HeaderSearch } from "../../search/components/header-search";
import type { NavUser } from "../nav-user";
import { AccountLinks } from "./account-links";
import { BrandLink } from "./brand-link";
import { CartLink } from "./cart-link";
import { CategoriesLink } from "./categories-link";
import { MoreMenu } from "./more-menu";
import { NotificationsLink } from "./notifications-link";
import { RouteProgress } from "./route-progress";

interface SiteHeaderProps {
  /** The header categories, and whether 'More..' has entries (it loads them when opened). */
  navigation: Navigation;
  user: NavUser | null;
  cartCount: number;
  /** The signed-in learner's unread notifications. */
  unreadCount: number;
}

export function SiteHeader({ navigation, user, cartCount, unreadCount }: SiteHeaderProps) {
  const t = useT();
  const at = useLanguagePath();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useCloseOnNavigate(close);
  useDismiss(open, close, nav, toggle);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <BrandLink />
        <HeaderSearch />
        <nav ref={nav} aria-label={t("Main")} className="main-nav" {...(open ? POPUP_OPEN : {})}>
          <button
            ref={toggle}
            type="button"
            className="icon-button main-nav__toggle"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen(!open)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
            <span className="sr-only">{t("Menu")}</span>
          </button>
          <div id="main-menu" className="main-nav__panel" data-open={open}>
            <ul className="nav-list">
              <li>
                <CategoriesLink />
              </li>
              {navigation.header.map((category) => (
                <li key={category.id}>
                  <NavLink to={at(`/${category.slug}`)} className="nav-link">
                    <CatalogueText of={category} name="name">
                      {category.name}
                    </CatalogueText>
                  </NavLink>
                </li>
              ))}
              {navigation.hasMore && (
                <li>
                  <MoreMenu label={t(MORE_CATEGORY.name)} />
                </li>
              )}
            </ul>
            <AccountLinks user={user} />
          </div>
        </nav>
        {user && <NotificationsLink count={unreadCount} />}
        <CartLink count={cartCount} />
      </div>
      <RouteProgress />
    </header>
  );
}
