import type { CartTax } from "@skillshelf/shared/api.ts";
import { COUNTRY_CODES, countryName } from "@skillshelf/shared/tax.ts";
import { useEffect, useId, useState } from "react";
import { SelectField } from "../../../components/form/select-field";
import { describe, TextField } from "../../../components/form/text-field";
import { useHydrated } from "../../../hooks/use-hydrated";
import { useMessage, useT } from "../../../lib/i18n";

/** The checkout form's Update: it keeps the billing details and shows the VAT for them, paying nothing. */
export const BILLING_INTENT = "billing";

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Every country by its name in `locale`, in that language's alphabetical
 * order: made by the loader, so the browser shows the server's names (its own
 * ICU may name a country differently, which would not hydrate).
 */
export function countryOptions(locale: string): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/**
 * Who is billed: the country (required: it decides the VAT and is kept as
 * evidence of where the buyer is), and a business's name and VAT number,
 * filled in with the learner's last ones. Names are the reader's language's
 * (the options are not translated again).
 */
export function BillingFields({
  billing,
  countries,
  errors,
  status,
  disabled,
  updating,
  onCountryChange,
}: {
  billing: Pick<CartTax, "billing_country" | "company_name" | "vat_number" | "ip_country">;
  countries: CountryOption[];
  errors: Record<string, string> | undefined;
  /** What the last Update said (saved; or VAT charged because VIES could not be asked). */
  status: string | undefined;
  disabled: boolean;
  updating: boolean;
  /** With JavaScript: another country updates the order summary's VAT at once. */
  onCountryChange: (select: HTMLSelectElement) => void;
}) {
  const t = useT();
  const message = useMessage();
  const hydrated = useHydrated();
  // The country chosen now: the confirmation below follows it before it is saved.
  const [chosen, setChosen] = useState(billing.billing_country);
  useEffect(() => setChosen(billing.billing_country), [billing.billing_country]);
  return (
    <fieldset className="billing-fields" disabled={disabled}>
      <legend className="checkout-panel__title">{t("Billing details")}</legend>
      <SelectField
        label="Country"
        name="billing_country"
        placeholder="Choose your country"
        options={countries}
        translateOptions={false}
        defaultValue={billing.billing_country}
        error={errors?.billing_country}
        required
        autoComplete="country"
        onChange={(event) => {
          setChosen(event.currentTarget.value);
          onCountryChange(event.currentTarget);
        }}
      />
      {((billing.ip_country !== null && billing.ip_country !== chosen) || errors?.confirm_country) && (
        <CountryConfirmation
          chosen={chosen}
          located={billing.ip_country}
          countries={countries}
          error={errors?.confirm_country}
        />
      )}
      <TextField
        label="Company name"
        hint="(optional)"
        name="company_name"
        defaultValue={billing.company_name ?? ""}
        error={errors?.company_name}
        maxLength={200}
        autoComplete="organization"
      />
      <TextField
        label="VAT number"
        hint="(optional)"
        name="vat_number"
        defaultValue={billing.vat_number ?? ""}
        error={errors?.vat_number}
        maxLength={32}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <p className="billing-fields__note">
        {t("A business in the EU with a valid VAT number pays no VAT: the reverse charge applies.")}
      </p>
      <div className="billing-fields__update">
        {/* Without JavaScript this posts the whole form, which keeps the details and pays nothing. */}
        <button
          type="submit"
          name="intent"
          value={BILLING_INTENT}
          className="button button--outline"
          formNoValidate
          aria-describedby="billing-status"
          disabled={updating}
          // The page's script sends it from now on, and a change of country updates the summary at once.
          data-enhanced={hydrated || undefined}
        >
          {t("Update VAT")}
        </button>
        <p id="billing-status" className="billing-fields__status" role="status">
          {status ? message(status) : ""}
        </p>
      </div>
    </fieldset>
  );
}

/**
 * Where the address the learner connects from is in another country than the
 * one they chose: their word that the billing address is there (the payment
 * start asks for it, and keeps it as evidence of where they are).
 */
function CountryConfirmation({
  chosen,
  located,
  countries,
  error,
}: {
  chosen: string;
  located: string | null;
  countries: CountryOption[];
  error: string | undefined;
}) {
  const t = useT();
  const message = useMessage();
  const id = useId();
  const nameOf = (code: string) => countries.find((option) => option.value === code)?.label ?? code;
  return (
    <div className="field billing-fields__confirm" data-invalid={error ? true : undefined}>
      {located && (
        <p id={`${id}-where`} className="billing-fields__note">
          {t("You seem to be connecting from {{country}}.", { country: nameOf(located) })}
        </p>
      )}
      <label className="billing-fields__check">
        <input
          type="checkbox"
          name="confirm_country"
          className="billing-fields__check-box"
          {...describe(id, error, located ? `${id}-where` : undefined)}
        />
        {t("My billing address is in {{country}}", { country: nameOf(chosen) })}
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {message(error)}
        </p>
      )}
    </div>
  );
}
