import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import { PAGE_SIZE } from "@skillshelf/shared/paging.ts";
import { IconsOnce } from "../components/icons/icons-once";
import { PageLinkError } from "../components/page-link-error";
import { cursorOf, Pager } from "../components/pager";
import { EmptyAccountState } from "../features/orders/components/empty-account-state";
import { OrderCard } from "../features/orders/components/order-card";
import { shownLine } from "../features/orders/components/order-lines";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/my-orders";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const viewer = requireViewer(store, url);
  const page = await store.orders({ cursor: cursorOf(url), limit: PAGE_SIZE });
  // Dates are written here, in the learner's time zone, so server HTML and hydration agree.
  return {
    orders: page.rows.map((order) => ({
      order: { ...order, orders: order.orders.map(shownLine) },
      date: formatOrderDate(order.created_at, formattingOf(viewer.user)),
      seatsRefundedDate:
        order.seats_refunded && formatOrderDate(order.seats_refunded.refunded_at, formattingOf(viewer.user)),
    })),
    icons: store.icons(page.rows.flatMap((order) => order.orders.map((line) => line.category.icon))),
    prev: page.prev_cursor,
    next: page.next_cursor,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("My Orders"),
      description: t("Your Skillshelf orders, newest first."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { orders, prev, next } = loaderData;
  return (
    <div className="account-page">
      <header className="account-page__header">
        <div>
          <h1 className="account-page__title">{t("Order History")}</h1>
          <p className="account-page__lead">{t("Every purchase you have made, newest first.")}</p>
        </div>
      </header>
      {orders.length === 0 ? (
        <EmptyAccountState
          title={t("No orders found")}
          text={t("When you buy an artefact or a group, its order appears here.")}
          withExplore
        />
      ) : (
        <>
          <IconsOnce>
            <ul className="order-list">
              {orders.map(({ order, date, seatsRefundedDate }) => (
                <li key={order.id}>
                  <OrderCard order={order} date={date} seatsRefundedDate={seatsRefundedDate} />
                </li>
              ))}
            </ul>
          </IconsOnce>
          <Pager prev={prev} next={next} href={pageHref} label={t("Order pages")} />
        </>
      )}
    </div>
  );
}

const pageHref = (cursor: string) => `/my-orders?cursor=${encodeURIComponent(cursor)}`;

export function ErrorBoundary() {
  return <PageLinkError firstPage="/my-orders" />;
}
