import type { NotificationItem } from "@skillshelf/shared/api.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import { PAGE_SIZE } from "@skillshelf/shared/paging.ts";
import { useEffect } from "react";
import { Link, type ShouldRevalidateFunction, useRevalidator } from "react-router";
import { PageLinkError } from "../components/page-link-error";
import { cursorOf, Pager } from "../components/pager";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { NotificationGroup } from "../features/account/components/notification-list";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/notifications";

/** The learner's notifications as they were; viewing them marks the unread ones read (on the server). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const viewer = requireViewer(store, url);
  const view = await store.notifications({ cursor: cursorOf(url), limit: PAGE_SIZE });
  const shown = (items: NotificationItem[]) =>
    items.map((item) => ({ ...item, when: formatOrderDate(item.created_at, formattingOf(viewer.user)) }));
  return { unread: shown(view.unread), earlier: shown(view.earlier), prev: view.prev_cursor, next: view.next_cursor };
}

/** Set while the page refreshes only the header's count (below). */
let refreshingCount = false;

/**
 * The page keeps what it showed as unread until the learner comes back or
 * asks again (View All Notifications): the revalidation that refreshes the
 * header's count does not reload it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => {
  if (refreshingCount) return false;
  return defaultShouldRevalidate;
};

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t("Notifications"),
    description: t("Order updates and news about new learning artefacts."),
  });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { unread, earlier, prev, next } = loaderData;
  const revalidator = useRevalidator();
  const seen = unread.length;
  // They are read now: the header's count (the root loader) catches up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list shown, not per revalidator identity
  useEffect(() => {
    if (seen === 0) return;
    refreshingCount = true;
    void revalidator.revalidate().finally(() => {
      refreshingCount = false;
    });
  }, [loaderData]);

  const caughtUp = t("You are all caught up.");
  // None at all (on the first page): the Unread group's card also says what will appear here.
  // Earlier is shown only when it holds some: no heading over nothing.
  const none = unread.length === 0 && earlier.length === 0 && !prev;
  return (
    <div className="account-page">
      <AccountPageHeader title={t("Notifications")} lead={t("Order updates and news about new artefacts.")} />
      <NotificationGroup
        id="unread-title"
        title={t("Unread")}
        items={unread}
        empty={
          none ? `${caughtUp} ${t("Your orders, refunds and new articles in what you own appear here.")}` : caughtUp
        }
        unread
      />
      {earlier.length > 0 && <NotificationGroup id="earlier-title" title={t("Earlier")} items={earlier} />}
      <Pager prev={prev} next={next} href={pageHref} label={t("Earlier notification pages")} />
      <p className="notification-footer">
        <Link to="/notifications" className="button button--outline">
          {t("View All Notifications")}
        </Link>
      </p>
    </div>
  );
}

const pageHref = (cursor: string) => `/notifications?cursor=${encodeURIComponent(cursor)}`;

export function ErrorBoundary() {
  return <PageLinkError firstPage="/notifications" />;
}
