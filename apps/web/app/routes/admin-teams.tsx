import { MAX_TEAM_SEATS, MAX_VOLUME_TIERS, MIN_TEAM_SEATS } from "@skillshelf/shared/team-limits.ts";
import { volumeTiersFormSchema } from "@skillshelf/shared/teams.ts";
import { data, Form } from "react-router";
import { FieldError } from "../features/admin/catalogue/fields";
import { AdminFormNotice, useAdminForm } from "../features/admin/components/admin-form";
import { requireAdmin } from "../features/admin/require-admin";
import { answerForm, checkForm, formValues, inPageLanguage } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-teams";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  return { tiers: await store.admin.volumeTiers() };
}

/** Sets the tiers with the API's own operation (PUT /api/admin/teams/tiers); a plain form post is sent back here. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const form = await request.formData();
  const tiers = checkForm(form, volumeTiersFormSchema);
  const outcome = tiers.ok ? await store.adminWrites.setVolumeTiers(tiers.data) : tiers.outcome;
  if (outcome.ok) return answerForm(store, outcome, PAGE);
  // A refusal keeps what was typed: a plain form post's page shows it again under its messages.
  return data({ ...inPageLanguage(store, outcome), typed: formValues(form) }, { status: outcome.status });
}

const PAGE = "/admin/teams";

/**
 * Team seats' volume discounts: from how many seats on, what percent comes off the seats' price.
 * The rows the operator set, and blank ones to add more (up to 10); emptying every row removes
 * the discount. Carts are priced with them from then on; orders keep their price.
 */
export default function AdminTeams({ loaderData }: Route.ComponentProps) {
  const { tiers } = loaderData;
  const t = useT();
  const { posted, sending, errors } = useAdminForm<unknown>("tiers");
  const typed = posted && "typed" in posted ? (posted.typed as Record<string, string>) : null;
  /** A field's value: what a refused post typed, else the tier set. */
  const shown = (i: number, name: "min_seats" | "percent") =>
    typed ? (typed[`tiers.${i}.${name}`] ?? "") : (tiers[i]?.[name] ?? "");
  // The tiers set, then blank rows to add more: each row named by its place, and keyed by what it holds.
  const slots = Array.from({ length: Math.min(MAX_VOLUME_TIERS, tiers.length + 3) }, (_, i) => {
    const tier = tiers[i];
    return { i, key: `tiers.${i}:${tier?.min_seats ?? ""}:${tier?.percent ?? ""}` };
  });
  // The whole list's refusal (order, count) names no row: it shows above them.
  const listError = errors.tiers ?? errors.form;
  return (
    <section className="admin-page" aria-labelledby="admin-teams-title">
      <header className="admin-page__header">
        <h1 id="admin-teams-title">{t("Team seats")}</h1>
        <p className="admin-page__lead">
          {t(
            "Volume discounts: a team buying at least this many seats gets this percent off the seats' price. Carts are priced with them from now on; orders keep their price.",
          )}
        </p>
      </header>
      <Form method="post" className="admin-panel admin-form" aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="admin-subtitle">
          {t("Volume discounts")}
        </h2>
        <AdminFormNotice posted={posted} />
        {listError && (
          <p id="tiers-list-error" className="notice notice--error" role="alert">
            {t(listError)}
          </p>
        )}
        <p className="admin-hint">
          {t(
            "From {{min}} to {{max}} seats, each tier from more seats than the one before; 1 to 90 percent. Leave the rows empty for no discount.",
            { min: MIN_TEAM_SEATS, max: MAX_TEAM_SEATS },
          )}
        </p>
        {tiers.length === 0 && (
          <p className="admin-hint">{t("No volume discount: every seat costs the unit price.")}</p>
        )}
        {slots.map(({ i, key }) => {
          const rowError = errors[`tiers.${i}.min_seats`] ?? errors[`tiers.${i}.percent`] ?? errors[`tiers.${i}`];
          return (
            // Each row's fields are filled again with what was set; a refused post shows why under its row.
            <fieldset key={key} className="admin-form__grid admin-tier">
              <legend className="admin-label">{t("Tier {{number}}", { number: i + 1 })}</legend>
              <TierField
                row={i}
                name="min_seats"
                label={t("From seats")}
                value={shown(i, "min_seats")}
                error={rowError}
              />
              <TierField row={i} name="percent" label={t("Percent off")} value={shown(i, "percent")} error={rowError} />
              <FieldError id={`tier-${i}`} error={rowError} />
            </fieldset>
          );
        })}
        <div className="admin-actions">
          <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
            {t("Save discounts")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** One field of a tier's row, named as the form posts it (tiers.N.min_seats), described by the row's message. */
function TierField(props: {
  row: number;
  name: "min_seats" | "percent";
  label: string;
  value: number | string;
  error?: string | undefined;
}) {
  const id = `tier-${props.row}-${props.name}`;
  return (
    <div className="admin-field">
      <label className="admin-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        name={`tiers.${props.row}.${props.name}`}
        className="admin-input"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `tier-${props.row}-error` : undefined}
      />
    </div>
  );
}
