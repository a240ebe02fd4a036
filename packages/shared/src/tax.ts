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

export const VAT_RATE_MESSAGES = {
  country: "Choose a country the store has VAT rates for.",
  taxClass: "Choose the rate's tax class.",
  rate: "Enter a rate from 0 to 100, with at most two decimals.",
  validFrom: "Enter the day the rate applies from: today or later.",
  saved: "The rate is saved. Checkouts started from its day on use it; orders keep the rate they were charged.",
  removed: "The change is removed: the store's table applies again.",
  notFound: "This change of rate does not exist.",
} as const;

/**
 * An operator's change of a VAT rate: a country's rate (percent, two
 * decimals at most) of one tax class from a day on (UTC, YYYY-MM-DD).
 * That the country has rates and the day is not past are the server's checks.
 */
export const vatRateChangeSchema = z.object({
  country: z
    .string({ error: VAT_RATE_MESSAGES.country })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, VAT_RATE_MESSAGES.country),
  tax_class: z.enum(TAX_CLASSES, { error: VAT_RATE_MESSAGES.taxClass }),
  rate: z.coerce
    .number({ error: VAT_RATE_MESSAGES.rate })
    .min(0, VAT_RATE_MESSAGES.rate)
    .max(100, VAT_RATE_MESSAGES.rate)
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, VAT_RATE_MESSAGES.rate),
  valid_from: z
    .string({ error: VAT_RATE_MESSAGES.validFrom })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, VAT_RATE_MESSAGES.validFrom)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), VAT_RATE_MESSAGES.validFrom),
});
export type VatRateChange = z.output<typeof vatRateChangeSchema>;

/** A rate as it applies on a day: the percent, the day it applies from, and whether an operator set it. */
const rateOnDaySchema = z.object({
  rate: z.number().describe("percent"),
  from: z.string().describe("the day it applies from (UTC)"),
  changed: z.boolean().describe("set by an operator, not the store's table"),
});

/** An operator's change of a rate, as the admin area lists it. */
export const vatRateChangeRowSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  tax_class: z.enum(TAX_CLASSES),
  rate: z.number().describe("percent"),
  valid_from: z.string().describe("the day it applies from (UTC)"),
  created_at: z.string(),
  created_by: z.string().nullable().describe("the operator's name; null once their account is gone"),
});
export type VatRateChangeRow = z.infer<typeof vatRateChangeRowSchema>;

/** The store's VAT rates today: the committed table with its date and sources, and the operator's changes. */
export const vatRatesSchema = z.object({
  today: z.string().describe("the day (UTC) the rates are shown for"),
  checked: z.string().describe("the day the store's table was last checked against its sources"),
  sources: z.array(z.object({ name: z.string(), url: z.string() })),
  countries: z.array(
    z.object({
      country: z.string().describe("ISO 3166-1 alpha-2"),
      standard: rateOnDaySchema,
      e_publication: rateOnDaySchema,
      upcoming: z
        .array(z.object({ from: z.string(), standard: z.number(), e_publication: z.number() }))
        .describe("the rates from each later day on which one of them changes"),
    }),
  ),
  changes: z.array(vatRateChangeRowSchema).describe("the operator's changes, the latest day first"),
});
export type VatRatesView = z.infer<typeof vatRatesSchema>;
