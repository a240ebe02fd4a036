import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import { AdminForbidden } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { ErrorPage } from "../features/errors/components/error-page";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/admin-layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAdmin(context, request);
  return { operator: { name: viewer.user.name } };
}

export function meta({ error }: Route.MetaArgs) {
  return [
    ...buildMeta({
      title: error ? `Access denied | ${META_DEFAULTS.siteName}` : `Admin | ${META_DEFAULTS.siteName}`,
      description: "The store operator's area: catalogue, learners, orders and coupons.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

const LINKS = [
  { to: "/admin/catalogue", label: "Catalogue" },
  { to: "/admin/users", label: "Learners" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/coupons", label: "Coupons" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="admin container">
      <div className="admin__bar">
        <p className="admin__who">
          Store admin · <strong>{loaderData.operator.name}</strong>
        </p>
        <nav className="admin-nav" aria-label="Admin">
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
              {link.label}
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
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden />;
  return <ErrorPage />;
}
