import type { Formatting } from "@skillshelf/shared/formatting.ts";
import type { SalesReport } from "@skillshelf/shared/sales.ts";
import { countryName } from "@skillshelf/shared/tax.ts";
import type { ReactNode } from "react";
import { useT } from "../../../lib/i18n";
import { formatMoney } from "../admin-api";
import { TableBox } from "../components/table-box";
import { formatCount } from "./sales-format";

interface SoldTableProps {
  id: string;
  title: string;
  columns: string[];
  empty: string;
  rows: ReactNode[];
}

/** A titled table of what sold, or a line saying nothing did. */
function SoldTable({ id, title, columns, empty, rows }: SoldTableProps) {
  const t = useT();
  return (
    <section className="sales-sold__part" aria-labelledby={id}>
      <h2 id={id} className="admin-subtitle">
        {t(title)}
      </h2>
      {rows.length === 0 ? (
        <p className="admin-empty">{t(empty)}</p>
      ) : (
        <TableBox labelledBy={id}>
          <table className="admin-table">
            <thead>
              <tr>
                {columns.map((column, index) => (
                  // The last two are the numbers: how many, and what they paid.
                  <th key={column} scope="col" className={index >= columns.length - 2 ? "sales-number" : undefined}>
                    {t(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

/** What sold in the range, per artefact, per group and per buyer country, largest first. */
export function SalesSold({ report, formatting }: { report: SalesReport; formatting: Formatting }) {
  const t = useT();
  const money = (amount: number) => t(formatMoney(amount, report.currency, formatting));
  const count = (value: number) => formatCount(value, formatting);
  const others = (sold: SalesReport["artefacts"]["others"], cells: number) =>
    sold && (
      <tr key="others">
        <th scope="row" className="admin-muted">
          {t("Others ({{count}})", { count: count(sold.items) })}
        </th>
        {cells > 3 && <td />}
        <td className="sales-number">{count(sold.count)}</td>
        <td className="sales-number">{money(sold.gross)}</td>
      </tr>
    );
  return (
    <div className="sales-sold">
      <SoldTable
        id="sales-artefacts-title"
        title="Artefacts"
        columns={["Artefact", "Units sold", "Gross sales"]}
        empty="Nothing was sold in this range."
        rows={[
          ...report.artefacts.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td className="sales-number">{count(row.count)}</td>
              <td className="sales-number">{money(row.gross)}</td>
            </tr>
          )),
          others(report.artefacts.others, 3),
        ].filter(Boolean)}
      />
      <SoldTable
        id="sales-groups-title"
        title="Groups"
        columns={["Group", "Artefact", "Units sold", "Gross sales"]}
        empty="No group was sold on its own in this range."
        rows={[
          ...report.groups.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td>{row.artefact}</td>
              <td className="sales-number">{count(row.count)}</td>
              <td className="sales-number">{money(row.gross)}</td>
            </tr>
          )),
          others(report.groups.others, 4),
        ].filter(Boolean)}
      />
      <SoldTable
        id="sales-countries-title"
        title="Buyer countries"
        columns={["Country", "Orders", "Gross sales"]}
        empty="No orders were placed in this range."
        rows={report.countries.map((row) => (
          <tr key={row.country ?? ""}>
            <th scope="row">
              {row.country ? countryName(row.country, formatting.locale) : t("Unknown (orders placed before VAT)")}
            </th>
            <td className="sales-number">{count(row.orders)}</td>
            <td className="sales-number">{money(row.gross)}</td>
          </tr>
        ))}
      />
    </div>
  );
}
