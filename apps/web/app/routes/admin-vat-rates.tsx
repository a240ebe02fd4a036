import { type Formatting, formattingOf } from "@skillshelf/shared/formatting.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { countryName, TAX_CLASSES, type TaxClass, vatRateChangeSchema } from "@skillshelf/shared/tax.ts";
import { z } from "@skillshelf/shared/zod.ts";
import { Form } from "react-router";
import { FieldError } from "../features/admin/catalogue/fields";
import { AdminFormNotice, useAdminForm } from "../features/admin/components/admin-form";
import { TableBox } from "../features/admin/components/table-box";
import { requireAdmin } from "../features/admin/require-admin";
import { formatCount, formatDay } from "../features/admin/sales/sales-format";
import { answerForm, checkForm } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-vat-rates";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  const formatting = formattingOf(operator.user);
  const rates = await store.admin.vatRates();
  // Names in the operator's language, made here so that the browser shows the server's.
  const names = Object.fromEntries(rates.countries.map((c) => [c.country, countryName(c.country, formatting.locale)]));
  return { rates, names, formatting };
}

/** Sets a rate from a day on, or removes a change, with the API's own steps; a plain form post is sent back here. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const form = await request.formData();
  if (form.get("intent") === REMOVE_INTENT) {
    const target = checkForm(form, z.object({ id: rowId("id is required") }));
    const outcome = target.ok ? await store.adminActions.removeVatRate(target.data.id) : target.outcome;
    return answerForm(store, outcome, PAGE);
  }
  const change = checkForm(form, vatRateChangeSchema);
  return answerForm(store, change.ok ? await store.adminActions.setVatRate(change.data) : change.outcome, PAGE);
}

const PAGE = "/admin/vat-rates";
const REMOVE_INTENT = "remove";
const CLASS_LABELS: Record<TaxClass, string> = { standard: "Standard rate", e_publication: "E-publications" };

export default function AdminVatRates({ loaderData }: Route.ComponentProps) {
  const { rates, names, formatting } = loaderData;
  const t = useT();
  const day = (value: string) => formatDay(value, formatting);
  const rate = (percent: number) => `${formatCount(percent, formatting)} %`;
  const byName = [...rates.countries].sort((a, b) =>
    (names[a.country] ?? "").localeCompare(names[b.country] ?? "", formatting.locale),
  );
  return (
    <section className="admin-page" aria-labelledby="admin-vat-title">
      <header className="admin-page__header">
        <h1 id="admin-vat-title">{t("VAT rates")}</h1>
        <p className="admin-page__lead">
          {t(
            "The rates each checkout's VAT is worked out with, on its day (UTC). The store's table was checked on {{date}} against:",
            { date: day(rates.checked) },
          )}
        </p>
        <ul className="admin-sources">
          {rates.sources.map((source) => (
            <li key={source.url}>
              {/* The documents' own titles, in English as published. */}
              <a href={source.url} rel="noreferrer" lang="en">
                {source.name}
              </a>
            </li>
          ))}
        </ul>
      </header>
      <RateForm
        countries={byName.map((c) => ({ value: c.country, label: names[c.country] ?? c.country }))}
        today={rates.today}
      />
      <h2 id="admin-vat-today" className="admin-subtitle">
        {t("Rates on {{date}}", { date: day(rates.today) })}
      </h2>
      <TableBox labelledBy="admin-vat-today">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Country")}</th>
              <th scope="col">{t(CLASS_LABELS.standard)}</th>
              <th scope="col">{t(CLASS_LABELS.e_publication)}</th>
              <th scope="col">{t("Changes ahead")}</th>
            </tr>
          </thead>
          <tbody>
            {byName.map((row) => (
              <tr key={row.country} data-country={row.country}>
                <th scope="row">{names[row.country]}</th>
                {TAX_CLASSES.map((taxClass) => (
                  <td key={taxClass}>
                    {rate(row[taxClass].rate)}
                    {row[taxClass].changed && (
                      <span className="admin-hint">
                        {" "}
                        {t("(your change, from {{date}})", { date: day(row[taxClass].from) })}
                      </span>
                    )}
                  </td>
                ))}
                <td>
                  {row.upcoming.map((later) => (
                    <span key={later.from} className="admin-vat-upcoming">
                      {t("From {{date}}: {{standard}} and {{e_publication}}", {
                        date: day(later.from),
                        standard: rate(later.standard),
                        e_publication: rate(later.e_publication),
                      })}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <Changes rates={rates} names={names} formatting={formatting} />
    </section>
  );
}

/** A country's rate of one class from a day on: the operator's change of the store's table. */
function RateForm({ countries, today }: { countries: { value: string; label: string }[]; today: string }) {
  const { posted, sending, errors, field } = useAdminForm<unknown>("vat");
  const t = useT();
  return (
    <Form method="post" className="admin-panel admin-form" aria-labelledby="vat-change">
      <h2 id="vat-change" className="admin-subtitle">
        {t("Change a rate")}
      </h2>
      <AdminFormNotice posted={posted} />
      <div className="admin-form__grid">
        <div className="admin-field">
          <label className="admin-label" htmlFor="vat-country">
            {t("Country")}
          </label>
          <select {...field("country")} required defaultValue="">
            <option value="">{t("Choose a country")}</option>
            {countries.map((country) => (
              <option key={country.value} value={country.value}>
                {country.label}
              </option>
            ))}
          </select>
          <FieldError id="vat-country" error={errors.country} />
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="vat-tax_class">
            {t("Tax class")}
          </label>
          <select {...field("tax_class")} defaultValue="standard">
            {TAX_CLASSES.map((taxClass) => (
              <option key={taxClass} value={taxClass}>
                {t(CLASS_LABELS[taxClass])}
              </option>
            ))}
          </select>
          <FieldError id="vat-tax_class" error={errors.tax_class} />
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="vat-rate">
            {t("Rate (%)")}
          </label>
          <input {...field("rate")} required inputMode="decimal" autoComplete="off" />
          <span className="admin-hint">{t("From 0 to 100, such as 21 or 5.5.")}</span>
          <FieldError id="vat-rate" error={errors.rate} />
        </div>
        <div className="admin-field">
          <label className="admin-label" htmlFor="vat-valid_from">
            {t("Applies from")}
          </label>
          <input {...field("valid_from")} type="date" required min={today} defaultValue={today} />
          <span className="admin-hint">{t("Checkouts started from that day (UTC) on; orders keep their rate.")}</span>
          <FieldError id="vat-valid_from" error={errors.valid_from} />
        </div>
      </div>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
          {t("Save rate")}
        </button>
      </div>
    </Form>
  );
}

/** The operator's changes, the latest day first, each with its Remove button. */
function Changes({
  rates,
  names,
  formatting,
}: {
  rates: Route.ComponentProps["loaderData"]["rates"];
  names: Record<string, string>;
  formatting: Formatting;
}) {
  const t = useT();
  if (rates.changes.length === 0) return <p className="admin-hint">{t("No changes: the store's table applies.")}</p>;
  return (
    <>
      <h2 id="admin-vat-changes" className="admin-subtitle">
        {t("Your changes")}
      </h2>
      <TableBox labelledBy="admin-vat-changes">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Country")}</th>
              <th scope="col">{t("Tax class")}</th>
              <th scope="col">{t("Rate")}</th>
              <th scope="col">{t("Applies from")}</th>
              <th scope="col">{t("Set by")}</th>
              <th scope="col">{t("Actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rates.changes.map((change) => (
              <tr key={change.id}>
                <td>{names[change.country] ?? change.country}</td>
                <td>{t(CLASS_LABELS[change.tax_class])}</td>
                <td>{`${formatCount(change.rate, formatting)} %`}</td>
                <td>{formatDay(change.valid_from, formatting)}</td>
                <td>
                  {change.created_by ?? t("a former operator")}, {formatDay(change.created_at.slice(0, 10), formatting)}
                </td>
                <td>
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="intent" value={REMOVE_INTENT} />
                    <input type="hidden" name="id" value={change.id} />
                    <button
                      type="submit"
                      className="admin-link-button"
                      aria-label={t("Remove the change of {{country}} from {{date}}", {
                        country: names[change.country] ?? change.country,
                        date: formatDay(change.valid_from, formatting),
                      })}
                    >
                      {t("Remove")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}
