import { kept } from "./intl-formatters.ts";
import { z } from "./zod.ts";

/**
 * How an artefact or a group is taxed: "standard", or "e_publication"
 * (electronically supplied books, booklets and journals: zero-rated in the
 * UK since 1 May 2020, reduced in many EU countries). Which of its artefacts
 * are e-publications is the operator's decision.
 */
export const TAX_CLASSES = ["standard", "e_publication"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** How an order was taxed, as the operator's pages name it (api.ts TAX_SCHEMES). */
export const TAX_SCHEME_LABELS = {
  not_registered: "No VAT: not registered",
  domestic: "VAT of the seller's country",
  oss: "VAT of the buyer's country (OSS)",
  reverse_charge: "Reverse charge",
  outside_scope: "Outside the scope of VAT",
} as const;

/** The countries a buyer may be billed in (ISO 3166-1 alpha-2, with Kosovo's XK): names come from Intl.DisplayNames. */
export const COUNTRY_CODES: readonly string[] = (
  "AC AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TF TG TH TJ TK TL TM TN TO TR TT " +
  "TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const countries = new Set(COUNTRY_CODES);

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in `locale` ("Francia" in es), from its ISO code; the code when Intl has
 * none. One DisplayNames per locale, kept (intl-formatters.ts). Pages get it from the server
 * where they can: a browser's own ICU may name a country otherwise.
 */
export function countryName(code: string, locale: string): string {
  const names = kept(regionNames, locale, () => new Intl.DisplayNames([locale], { type: "region" }));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
export const isCountryCode = (code: string) => countries.has(code);

export const BILLING_MESSAGES = {
  country: "Choose the country of your billing address.",
  companyName: "Company name is at most 200 characters.",
  vatNumber: "This is not a valid VAT number.",
  vatNumberCountry: "This VAT number is not from your billing country.",
  vatNumberUnknown: "This VAT number is not registered for VAT.",
  saved: "Your billing details are saved.",
  confirmCountry:
    "You seem to be connecting from another country. Please confirm that your billing address is in the country you chose.",
  viesUnavailable:
    "We could not check your VAT number with the EU's VIES service just now, so VAT is charged. Update your details again later to have it taken off.",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/**
 * Who is billed, as the checkout's form and the payment start routes take it:
 * the country (upper-cased), and a business's name and VAT number (blank is none).
 */
export const billingFields = {
  billing_country: z
    .string({ error: BILLING_MESSAGES.country })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, BILLING_MESSAGES.country),
  company_name: optionalText(200, BILLING_MESSAGES.companyName),
  vat_number: optionalText(32, BILLING_MESSAGES.vatNumber),
};

/** Who is billed, as the checkout's Update button and POST /api/cart/billing take it. */
export const billingSchema = z.object(billingFields);

/**
 * What a payment start adds: the buyer's word that their billing address is
 * in the country they chose, asked for when the address they pay from says
 * another (a VAT-registered seller keeps both as evidence of where they are).
 */
const confirmCountry = { confirm_country: z.boolean().optional() };

/** The billing fields of the checkout's form, which pays. */
export const paymentBillingFields = { ...billingFields, ...confirmCountry };

/** The same fields where the client may leave the country out (the payment start routes: the last one given is used). */
export const optionalBillingFields = {
  ...paymentBillingFields,
  billing_country: billingFields.billing_country.optional(),
};

/** Who is billed, as the payment start takes it from a form or a body. */
export interface DeclaredBilling {
  country?: string | undefined;
  companyName?: string | undefined;
  vatNumber?: string | undefined;
  /** The buyer confirmed the country where the address they pay from says another. */
  countryConfirmed?: boolean | undefined;
}

export const declaredBilling = (fields: {
  billing_country?: string | undefined;
  company_name?: string | undefined;
  vat_number?: string | undefined;
  confirm_country?: boolean | undefined;
}): DeclaredBilling => ({
  country: fields.billing_country,
  companyName: fields.company_name,
  vatNumber: fields.vat_number,
  countryConfirmed: fields.confirm_country,
});
