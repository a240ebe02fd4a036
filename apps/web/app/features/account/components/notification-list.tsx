import type { NotificationItem } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n";
import { PackageIcon, SparkIcon } from "./account-icons";

type Kind = NotificationItem["kind"];

const ICONS: Record<Kind, typeof PackageIcon> = {
  order_completed: PackageIcon,
  order_refunded: PackageIcon,
  new_article: SparkIcon,
};

/** Each kind's label, shown as a noun ("Refund" the noun, not the refund button's verb). */
const KIND_LABELS: Record<Kind, string> = {
  order_completed: "Order",
  order_refunded: "Refund",
  new_article: "New",
};

/** A notification with its time written for the learner (formatted in the loader, in their zone). */
type ShownNotification = NotificationItem & { when: string };

interface NotificationGroupProps {
  id: string;
  title: string;
  items: ShownNotification[];
  /** What the group says when it holds nothing (the page shows Earlier only when it holds some). */
  empty?: string;
  unread?: boolean;
}

/** One group of notifications (Unread or Earlier) under its heading; each links to what it is about. */
export function NotificationGroup({ id, title, items, empty, unread = false }: NotificationGroupProps) {
  const t = useT();
  return (
    <section className="notification-group" aria-labelledby={id}>
      <h2 id={id} className="notification-group__title">
        {title}
        <span className="count-badge">
          {items.length}
          <span className="sr-only"> {t("notifications", { count: items.length })}</span>
        </span>
      </h2>
      {items.length === 0 ? (
        empty && <p className="notification-group__empty card">{empty}</p>
      ) : (
        <ul className="notification-list card">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <li key={item.id} className="notification" data-unread={unread || undefined} data-kind={item.kind}>
                <span className="notification__icon">
                  <Icon size={18} />
                </span>
                <div className="notification__body">
                  <h3 className="notification__title">
                    {unread && <span className="sr-only">{t("Unread: ")}</span>}
                    <Link to={item.link}>{item.title}</Link>
                  </h3>
                  <p className="notification__text">{item.text}</p>
                  <p className="notification__meta">
                    <span className="notification__kind">{t(KIND_LABELS[item.kind], { context: "noun" })}</span>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={item.created_at}>{item.when}</time>
                  </p>
                </div>
                {unread && <span className="notification__dot" aria-hidden="true" />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
