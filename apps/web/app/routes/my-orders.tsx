import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { EmptyAccountState } from "../features/orders/components/empty-account-state";
import { OrderCard } from "../features/orders/components/order-card";
import { formatOrderDate } from "../features/orders/format-order-date";
import { requireViewer } from "../lib/guards";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/my-orders";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const orders = await context.orders();
  // Dates are written here, in the learner's time zone, so server HTML and hydration agree.
  return { orders: orders.map((order) => ({ order, date: formatOrderDate(order.created_at, viewer.user.timezone) })) };
}

export function meta() {
  return [
    ...buildMeta({
      title: `My Orders | ${META_DEFAULTS.siteName}`,
      description: "Your Skillshelf orders, newest first.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <div className="account-page">
      <header className="account-page__header">
        <div>
          <h1 className="account-page__title">Order History</h1>
          <p className="account-page__lead">Every purchase you have made, newest first.</p>
        </div>
      </header>
      {orders.length === 0 ? (
        <EmptyAccountState
          title="No orders found"
          text="When you buy an artefact or a group, its order appears here."
          withExplore
        />
      ) : (
        <ul className="order-list">
          {orders.map(({ order, date }) => (
            <li key={order.id}>
              <OrderCard order={order} date={date} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
