import { truncate } from "@skillshelf/shared/constants.ts";
import { Link, NavLink } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";
import type { NavUser } from "../nav-user";
import { SignOutButton } from "./sign-out-button";
import { UserAvatar } from "./user-avatar";

const NAME_MAX = 13;

/** Signed out: a Login link. Signed in: avatar and name to /dashboard, /settings, /admin for an operator, and Sign out. */
export function AccountLinks({ user }: { user: NavUser | null }) {
  const t = useT();
  const at = useLanguagePath();
  if (!user) {
    return (
      <div className="account-links">
        <Link to={at("/login")} className="button button--small">
          {t("Login")}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-links">
      <NavLink to="/dashboard" className="account-links__profile nav-link" title={user.name}>
        <UserAvatar name={user.name} />
        <span className="sr-only">{t("Dashboard: ")}</span>
        <span className="account-links__name">{truncate(user.name, NAME_MAX)}</span>
      </NavLink>
      <NavLink to="/settings" className="nav-link">
        {t("Settings")}
      </NavLink>
      {user.operator && (
        <NavLink to="/admin" className="nav-link">
          {t("Admin")}
        </NavLink>
      )}
      <SignOutButton />
    </div>
  );
}
