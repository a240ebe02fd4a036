import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import { AdminForbidden } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { ErrorPage } from "../features/errors/components/error-page";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-layout";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const viewer = requireAdmin(store, url);
  return { operator: { name: viewer.user.name } };
}

export function meta({ error, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: error ? t("Access denied") : t("Admin"),
      description: t("The store operator's area: catalogue, learners, orders, coupons, sales and VAT rates."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

const LINKS = [
  { to: "/admin/catalogue", label: "Catalogue" },
  { to: "/admin/users", label: "Learners" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/coupons", label: "Coupons" },
  { to: "/admin/sales", label: "Sales" },
  { to: "/admin/vat-rates", label: "VAT rates" },
  { to: "/admin/teams", label: "Team seats" },
  { to: "/admin/audit", label: "Audit trail" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <div className="admin container">
      <div className="admin__bar">
        <p className="admin__who">
          {t("Store admin")} · <strong>{loaderData.operator.name}</strong>
        </p>
        <nav className="admin-nav" aria-label={t("Admin")}>
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="admin-nav__link"
              // /admin is the catalogue too.
              aria-current={
                pathname.startsWith(link.to) || (pathname.replace(/\/$/, "") === "/admin" && link.label === "Catalogue")
                  ? "page"
                  : undefined
              }
            >
              {t(link.label)}
            </Link>
          ))}
        </nav>
      </div>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden refusal={error.data} />;
  return <ErrorPage />;
}
