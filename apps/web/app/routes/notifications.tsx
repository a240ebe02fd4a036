import { Link } from "react-router";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { NotificationGroup } from "../features/account/components/notification-list";
import { EARLIER_NOTIFICATIONS, UNREAD_NOTIFICATIONS } from "../features/account/sample-notifications";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/notifications";

export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  return null;
}

export function meta() {
  return buildMeta({
    title: "Notifications | Skillshelf",
    description: "Order updates and news about new learning artefacts.",
  });
}

export default function Notifications() {
  return (
    <div className="account-page">
      <AccountPageHeader title="Notifications" lead="Order updates and news about new artefacts." />
      <NotificationGroup id="unread-title" title="Unread" items={UNREAD_NOTIFICATIONS} unread />
      <NotificationGroup id="earlier-title" title="Earlier" items={EARLIER_NOTIFICATIONS} />
      <p className="notification-footer">
        <Link to="/notifications" className="button button--outline">
          View All Notifications
        </Link>
      </p>
    </div>
  );
}
