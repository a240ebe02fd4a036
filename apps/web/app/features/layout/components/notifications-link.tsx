import { Link } from "react-router";
import { BellIcon } from "../../../components/icons/bell-icon";

/** A signed-in learner's bell; the badge shows only while something is unread. */
export function NotificationsLink({ count }: { count: number }) {
  return (
    <Link
      to="/notifications"
      className="icon-button cart-link"
      aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}
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
