import type { CartTax } from "@skillshelf/shared/api.ts";
import { COUNTRY_CODES, countryName } from "@skillshelf/shared/tax.ts";
import { SelectField } from "../../../components/form/select-field";
import { TextField } from "../../../components/form/text-field";
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
  billing: Pick<CartTax, "billing_country" | "company_name" | "vat_number">;
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
        onChange={(event) => onCountryChange(event.currentTarget)}
      />
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
