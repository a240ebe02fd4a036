import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useT } from "../../../lib/i18n";
import { BellIcon, BooksIcon, GearIcon, ReceiptIcon, TeamIcon, UserIcon } from "./account-icons";

const LINKS = [
  { to: "/dashboard", label: "Dashboard", Icon: UserIcon },
  { to: "/my-items", label: "My Items", Icon: BooksIcon },
  { to: "/my-orders", label: "My Orders", Icon: ReceiptIcon },
  { to: "/my-teams", label: "My Teams", Icon: TeamIcon },
  { to: "/notifications", label: "Notifications", Icon: BellIcon },
  { to: "/settings", label: "Settings", Icon: GearIcon },
];

interface AccountSidebarProps {
  name: string;
  email: string;
  /** The avatar from the user's name (the layout feature draws it). */
  avatar: ReactNode;
  /** The Sign Out button, shared with the navigation bar. */
  signOut: ReactNode;
}

/** Who is signed in, the account pages, and Sign Out. On narrow screens it sits above the page. */
export function AccountSidebar({ name, email, avatar, signOut }: AccountSidebarProps) {
  const t = useT();
  return (
    <div className="account-sidebar card">
      <div className="account-sidebar__who">
        {avatar}
        <div className="account-sidebar__identity">
          <p className="account-sidebar__name">{name}</p>
          <p className="account-sidebar__email" title={email}>
            {email}
          </p>
        </div>
      </div>
      <nav aria-label={t("Account")} className="account-sidebar__nav">
        <ul className="account-sidebar__links">
          {LINKS.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className="account-sidebar__link" end>
                <Icon size={18} />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-sidebar__footer">{signOut}</div>
    </div>
  );
}
