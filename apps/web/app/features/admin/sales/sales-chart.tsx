import type { Formatting } from "@skillshelf/shared/formatting.ts";
import type { SalesReport } from "@skillshelf/shared/sales.ts";
import { useT } from "../../../lib/i18n";
import { formatMoney } from "../admin-api";
import { TableBox } from "../components/table-box";
import { formatCount, formatDay } from "./sales-format";

/** The drawing's own units (the SVG scales to its box): the plot, and room for the labels. */
const WIDTH = 720;
const HEIGHT = 260;
const LEFT = 72;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

const at = (value: number) => value.toFixed(1);

/**
 * The series as bars drawn on the server, inline SVG (no script, no chart
 * library): gross sales above the line, refunds below it, per day or month.
 * The SVG is an image named by its title and summary; the table beside it
 * holds the same series for screen readers, and for anyone who wants the
 * numbers.
 */
export function SalesChart({ report, formatting }: { report: SalesReport; formatting: Formatting }) {
  const t = useT();
  const { series, interval, currency } = report;
  const money = (amount: number) => t(formatMoney(amount, currency, formatting));
  const label = (from: string) => formatDay(from, formatting, interval);
  const highest = Math.max(0, ...series.map((bucket) => bucket.gross));
  const deepest = Math.max(0, ...series.map((bucket) => bucket.refunds));
  // One scale for both, the line where they meet; an empty range still draws its line.
  const span = highest + deepest || 1;
  const plot = HEIGHT - TOP - BOTTOM;
  const baseline = highest + deepest === 0 ? TOP + plot : TOP + (plot * highest) / span;
  const scale = plot / span;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.7);
  const title = interval === "day" ? t("Gross sales and refunds per day") : t("Gross sales and refunds per month");
  const peak = series.reduce<(typeof series)[number] | undefined>(
    (best, bucket) => (best && best.gross >= bucket.gross ? best : bucket),
    undefined,
  );
  const days = { from: formatDay(report.from, formatting), to: formatDay(report.to, formatting) };
  const best = peak?.gross ? { amount: money(peak.gross), when: label(peak.from) } : null;
  const summary = !best
    ? t("No sales from {{from}} to {{to}}.", days)
    : interval === "day"
      ? t("From {{from}} to {{to}}; the best day, {{when}}: {{amount}}.", { ...days, ...best })
      : t("From {{from}} to {{to}}; the best month, {{when}}: {{amount}}.", { ...days, ...best });
  // A few dates under the bars: the first, the last and some between, never crowded.
  const every = Math.max(1, Math.ceil(series.length / 6));
  return (
    <div className="sales-chart">
      <figure className="sales-chart__figure">
        <svg
          className="sales-chart__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="sales-chart-title sales-chart-summary"
        >
          <title id="sales-chart-title">{title}</title>
          <desc id="sales-chart-summary">{summary}</desc>
          <text x={LEFT - 8} y={TOP + 4} className="sales-chart__axis" textAnchor="end">
            {money(highest)}
          </text>
          {deepest > 0 && (
            <text x={LEFT - 8} y={HEIGHT - BOTTOM} className="sales-chart__axis" textAnchor="end">
              {money(-deepest)}
            </text>
          )}
          {series.map((bucket, index) => {
            const x = LEFT + index * slot + (slot - bar) / 2;
            return (
              <g key={bucket.from}>
                <rect
                  className="sales-chart__gross"
                  x={at(x)}
                  y={at(baseline - bucket.gross * scale)}
                  width={at(bar)}
                  height={at(bucket.gross * scale)}
                />
                {bucket.refunds > 0 && (
                  <rect
                    className="sales-chart__refunds"
                    x={at(x)}
                    y={at(baseline)}
                    width={at(bar)}
                    height={at(bucket.refunds * scale)}
                  />
                )}
                {/* Every `every`th bucket and the last, unless the last would sit on its neighbour's label. */}
                {(index === series.length - 1 || (index % every === 0 && series.length - 1 - index >= every)) && (
                  <text
                    x={at(x + bar / 2)}
                    y={HEIGHT - 8}
                    className="sales-chart__axis"
                    textAnchor={index === 0 ? "start" : index === series.length - 1 ? "end" : "middle"}
                  >
                    {label(bucket.from)}
                  </text>
                )}
              </g>
            );
          })}
          <line className="sales-chart__line" x1={LEFT} x2={WIDTH - RIGHT} y1={at(baseline)} y2={at(baseline)} />
        </svg>
        <figcaption className="sales-chart__legend">
          <span className="sales-chart__key sales-chart__key--gross">{t("Gross sales")}</span>
          <span className="sales-chart__key sales-chart__key--refunds">{t("Refunds")}</span>
        </figcaption>
      </figure>
      <TableBox className="sales-chart__table" labelledBy="sales-series-title">
        <table className="admin-table">
          <caption id="sales-series-title" className="sales-caption">
            {title}
          </caption>
          <thead>
            <tr>
              <th scope="col">{interval === "day" ? t("Day") : t("Month")}</th>
              <th scope="col">{t("Gross sales")}</th>
              <th scope="col">{t("Refunds")}</th>
              <th scope="col">{t("Net sales")}</th>
              <th scope="col">{t("Orders")}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((bucket) => (
              <tr key={bucket.from}>
                <th scope="row">{label(bucket.from)}</th>
                <td className="sales-number">{money(bucket.gross)}</td>
                <td className="sales-number">{money(bucket.refunds)}</td>
                <td className="sales-number">{money(bucket.net)}</td>
                <td className="sales-number">{formatCount(bucket.orders, formatting)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}
