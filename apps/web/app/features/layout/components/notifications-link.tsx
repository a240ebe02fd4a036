import { Link } from "react-router";
import { BellIcon } from "../../../components/icons/bell-icon";
import { useT } from "../../../lib/i18n";

/** A signed-in learner's bell; the badge shows only while something is unread. */
export function NotificationsLink({ count }: { count: number }) {
  const t = useT();
  return (
    <Link
      to="/notifications"
      className="icon-button cart-link"
      aria-label={count > 0 ? t("Notifications, {{count}} unread", { count }) : t("Notifications")}
    >
      <BellIcon size={22} />
      {count > 0 && (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
