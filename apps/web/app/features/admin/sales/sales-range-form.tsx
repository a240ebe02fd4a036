import { issueText, type Message } from "@skillshelf/shared/i18n/message.ts";
import { SALES_PRESETS, type SalesPreset, type SalesReport } from "@skillshelf/shared/sales.ts";
import { Form, Link } from "react-router";
import { useMessage, useT } from "../../../lib/i18n";

const PRESET_LABELS: Record<SalesPreset, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
  all: "All time",
};

interface SalesRangeFormProps {
  /** The URL's query, as asked (a refused one is shown again to be put right). */
  query: Record<string, string>;
  report: SalesReport | null;
  errors: Record<string, Message> | null;
}

/**
 * The range, kept in the URL: presets are links (?range=30d), the chosen
 * days and interval a plain GET form, so both work without JavaScript.
 * Refused fields show their message under them.
 */
export function SalesRangeForm({ query, report, errors }: SalesRangeFormProps) {
  const t = useT();
  const message = useMessage();
  const active = report?.preset ?? null;
  const error = (name: string) => {
    const refused = errors?.[name];
    return refused ? (
      <p id={`sales-${name}-error`} className="admin-error">
        {message(issueText(refused))}
      </p>
    ) : null;
  };
  const field = (name: string) => ({
    id: `sales-${name}`,
    name,
    className: "admin-input",
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": errors?.[name] ? `sales-${name}-error` : undefined,
  });
  return (
    <div className="sales-range">
      <nav aria-label={t("Ranges")}>
        <ul className="sales-presets">
          {SALES_PRESETS.map((preset) => (
            <li key={preset}>
              <Link
                to={`?range=${preset}`}
                className="sales-presets__link"
                aria-current={preset === active ? "page" : undefined}
              >
                {t(PRESET_LABELS[preset])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {error("range")}
      {/* Started afresh for each range shown: its fields hold what the URL asks. */}
      <Form method="get" className="sales-range__form" key={JSON.stringify([query, report?.from, report?.to])}>
        <div className="admin-field">
          <label className="admin-label" htmlFor="sales-from">
            {t("First day")}
          </label>
          <input {...field("from")} type="date" defaultValue={query.from ?? report?.from} />
          {error("from")}
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="sales-to">
            {t("Last day")}
          </label>
          <input {...field("to")} type="date" defaultValue={query.to ?? report?.to} />
          {error("to")}
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="sales-interval">
            {t("Chart by")}
          </label>
          <select {...field("interval")} defaultValue={query.interval ?? ""}>
            <option value="">{t("Day or month, by length")}</option>
            <option value="day">{t("Day")}</option>
            <option value="month">{t("Month")}</option>
          </select>
          {error("interval")}
        </div>
        <button type="submit" className="button">
          {t("Show")}
        </button>
      </Form>
    </div>
  );
}
