import type { NotificationKind, SampleNotification } from "../sample-notifications";
import { PackageIcon, ShieldIcon, SparkIcon } from "./account-icons";

const ICONS: Record<NotificationKind, typeof PackageIcon> = {
  order: PackageIcon,
  new: SparkIcon,
  account: ShieldIcon,
  tip: SparkIcon,
};

const KIND_LABELS: Record<NotificationKind, string> = {
  order: "Order",
  new: "New",
  account: "Account",
  tip: "Update",
};

interface NotificationGroupProps {
  id: string;
  title: string;
  items: SampleNotification[];
  unread?: boolean;
}

/** One group of notifications (Unread or Earlier) under its heading. */
export function NotificationGroup({ id, title, items, unread = false }: NotificationGroupProps) {
  return (
    <section className="notification-group" aria-labelledby={id}>
      <h2 id={id} className="notification-group__title">
        {title}
        <span className="count-badge">
          {items.length}
          <span className="sr-only"> notifications</span>
        </span>
      </h2>
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
                  {unread && <span className="sr-only">Unread: </span>}
                  {item.title}
                </h3>
                <p className="notification__text">{item.text}</p>
                <p className="notification__meta">
                  <span className="notification__kind">{KIND_LABELS[item.kind]}</span>
                  <span aria-hidden="true"> · </span>
                  {item.when}
                </p>
              </div>
              {unread && <span className="notification__dot" aria-hidden="true" />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
