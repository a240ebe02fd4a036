import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { salesQueryOf } from "@skillshelf/shared/sales.ts";
import { data } from "react-router";
import { requireAdmin } from "../features/admin/require-admin";
import { SalesChart } from "../features/admin/sales/sales-chart";
import { SalesFigures } from "../features/admin/sales/sales-figures";
import { formatDay } from "../features/admin/sales/sales-format";
import { SalesRangeForm } from "../features/admin/sales/sales-range-form";
import { SalesSold } from "../features/admin/sales/sales-sold";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import salesStyles from "../styles/admin-sales.css?url";
import type { Route } from "./+types/admin-sales";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: salesStyles }];

/** The range in the URL, checked as GET /api/admin/sales checks it: a refused one is answered 422 with the form. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  const query = salesQueryOf(url.searchParams);
  const answer = await store.admin.sales(query);
  const loaded = { ...answer, query, formatting: formattingOf(operator.user) };
  return answer.report ? loaded : data(loaded, { status: 422 });
}

export default function AdminSales({ loaderData }: Route.ComponentProps) {
  const { report, errors, query, formatting } = loaderData;
  const t = useT();
  const csv = report && `/api/admin/sales.csv?${new URLSearchParams({ from: report.from, to: report.to })}`;
  return (
    <section className="admin-page" aria-labelledby="admin-sales-title">
      <header className="admin-page__header">
        <h1 id="admin-sales-title">{t("Sales")}</h1>
        <p className="admin-page__lead">
          {t("Orders count on the day they were placed and refunds on the day they were made, in UTC days.")}
        </p>
      </header>
      <SalesRangeForm query={query} report={report} errors={errors} />
      {report && csv && (
        <>
          <div className="sales-summary">
            <p>
              {t("From {{from}} to {{to}}, against {{previousFrom}} to {{previousTo}}.", {
                from: formatDay(report.from, formatting),
                to: formatDay(report.to, formatting),
                previousFrom: formatDay(report.previous.from, formatting),
                previousTo: formatDay(report.previous.to, formatting),
              })}
            </p>
            <p className="sales-downloads">
              <a href={`${csv}&interval=${report.interval}`} download>
                {t("Download the figures (CSV)")}
              </a>
              <a href={`${csv}&orders=1`} download>
                {t("Download the orders (CSV)")}
              </a>
            </p>
          </div>
          <SalesFigures report={report} formatting={formatting} />
          <SalesChart report={report} formatting={formatting} />
          <SalesSold report={report} formatting={formatting} />
        </>
      )}
    </section>
  );
}
