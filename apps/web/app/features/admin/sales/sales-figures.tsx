import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import type { Formatting } from "@skillshelf/shared/formatting.ts";
import type { SalesFigures as Figures, SalesReport } from "@skillshelf/shared/sales.ts";
import { useT } from "../../../lib/i18n";
import { formatMoney } from "../admin-api";
import { changeOf, formatChange, formatCount, formatPoints, formatShare } from "./sales-format";

type Kind = "money" | "count" | "share";

/** The figures in the order the page lists them, each with how it is written. */
const FIGURES: { key: keyof Figures; label: string; kind: Kind }[] = [
  { key: "gross", label: "Gross sales", kind: "money" },
  { key: "refunds", label: "Refunds", kind: "money" },
  { key: "net", label: "Net sales", kind: "money" },
  { key: "vat", label: "VAT", kind: "money" },
  { key: "orders", label: "Orders", kind: "count" },
  { key: "average_order", label: "Average order value", kind: "money" },
  { key: "refund_rate", label: "Refund rate", kind: "share" },
  { key: "guarantee_refund_rate", label: "Refunded within the {{days}}-day guarantee", kind: "share" },
  { key: "credit", label: "Upgrade credit given", kind: "money" },
  { key: "discount", label: "Coupon discounts given", kind: "money" },
];

/**
 * The range's figures, each with the previous period's and the change: a
 * percentage of what it was for amounts and counts, percentage points for
 * rates, and a dash where there was nothing to compare with. A list of
 * cards, which a phone stacks.
 */
export function SalesFigures({ report, formatting }: { report: SalesReport; formatting: Formatting }) {
  const t = useT();
  const write = (kind: Kind, value: number | null) => {
    if (value === null) return "—";
    if (kind === "money") return t(formatMoney(value, report.currency, formatting));
    return kind === "count" ? formatCount(value, formatting) : formatShare(value, formatting);
  };
  const change = (kind: Kind, now: number | null, before: number | null) => {
    if (now === null || before === null) return "—";
    if (kind === "share") return t("{{points}} points", { points: formatPoints(now, before, formatting) });
    const ratio = changeOf(now, before);
    return ratio === null ? "—" : formatChange(ratio, formatting);
  };
  return (
    <dl className="sales-figures">
      {FIGURES.map(({ key, label, kind }) => (
        <div key={key} className="sales-figure">
          <dt className="sales-figure__label">{t(label, { days: MONEY_BACK_DAYS })}</dt>
          <dd className="sales-figure__value">{write(kind, report.figures[key])}</dd>
          <dd className="sales-figure__before">
            {t("Previous period: {{value}}", { value: write(kind, report.previous[key]) })}
            {" · "}
            <span className="sales-figure__change">{change(kind, report.figures[key], report.previous[key])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
