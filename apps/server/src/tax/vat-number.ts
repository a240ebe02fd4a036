import { checkVAT, countries } from "jsvat";

/** A VAT number as written on documents: upper case, no spaces, dots or dashes ("gb 980 7806 84" is GB980780684). */
export const normalVatNumber = (raw: string) => raw.toUpperCase().replace(/[\s.-]/g, "");

/**
 * The country (ISO 3166-1 alpha-2: GR for Greece's "EL" numbers) of a VAT
 * number whose format and check digits are right, by jsvat's rules; null for
 * one that cannot be a VAT number. Whether it exists is VIES's to say.
 */
export function vatNumberCountry(number: string): string | null {
  const checked = checkVAT(normalVatNumber(number), countries);
  return checked.isValid ? (checked.country?.isoCode.short ?? null) : null;
}
