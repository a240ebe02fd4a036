import { Outlet } from "react-router";
import { LogOutIcon } from "../features/account/components/account-icons";
import { AccountSidebar } from "../features/account/components/account-sidebar";
import { SignOutButton } from "../features/layout/components/sign-out-button";
import { UserAvatar } from "../features/layout/components/user-avatar";
import { requireViewer } from "../lib/guards";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/account-layout";

/** The account area: a visitor goes to /login (and comes back here after signing in). */
export function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { user } = requireViewer(store, url);
  return { name: user.name, email: user.email };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { name, email } = loaderData;
  return (
    <div className="container account">
      <AccountSidebar
        name={name}
        email={email}
        avatar={<UserAvatar name={name} size="large" />}
        signOut={
          <SignOutButton className="account-sidebar__sign-out">
            <LogOutIcon size={18} />
            {t("Sign Out")}
          </SignOutButton>
        }
      />
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
