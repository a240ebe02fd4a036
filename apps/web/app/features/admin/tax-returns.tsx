import { useT } from "../../lib/i18n";

/** The calendar quarters (UTC) an operator files returns for: the current one and the seven before it, newest first. */
export function recentQuarters(now: Date, count = 8): string[] {
  let year = now.getUTCFullYear();
  let quarter = Math.floor(now.getUTCMonth() / 3) + 1;
  const quarters: string[] = [];
  for (let i = 0; i < count; i++) {
    quarters.push(`${year}-Q${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return quarters;
}

/**
 * The tax returns' figures as CSV downloads (GET /api/admin/tax/oss.csv and uk.csv): a plain GET
 * form, one button each, so it works without JavaScript; the browser downloads the file and stays
 * here. The last full quarter is chosen first: the one a return is due for.
 */
export function TaxReturnsForm({ quarters, currency }: { quarters: string[]; currency: string }) {
  const t = useT();
  return (
    <details className="admin-import">
      <summary>{t("Tax returns")}</summary>
      <form className="admin-upload" method="get" action="/api/admin/tax/oss.csv">
        <label htmlFor="tax-quarter" className="admin-label">
          {t("Quarter")}
        </label>
        <select id="tax-quarter" name="quarter" className="admin-input" defaultValue={quarters[1] ?? quarters[0]}>
          {quarters.map((quarter) => (
            <option key={quarter} value={quarter}>
              {quarter}
            </option>
          ))}
        </select>
        <label htmlFor="tax-eur-rate" className="admin-label">
          {t("EUR rate (optional)")}
        </label>
        <input
          id="tax-eur-rate"
          name="eur_rate"
          className="admin-input"
          inputMode="decimal"
          autoComplete="off"
          pattern="\d{1,6}(\.\d{1,10})?"
          aria-describedby="tax-eur-rate-hint"
        />
        <button type="submit" className="button button--small">
          {t("OSS return (CSV)")}
        </button>
        <button type="submit" className="button button--small button--outline" formAction="/api/admin/tax/uk.csv">
          {t("UK VAT return (CSV)")}
        </button>
      </form>
      <p id="tax-eur-rate-hint" className="admin-hint">
        {t(
          "The EUR rate is the ECB's rate of the quarter's last day: 1 {{currency}} in euros. It adds the OSS return's amounts in euros.",
          { currency },
        )}
      </p>
    </details>
  );
}
