import { isIP } from "node:net";

/**
 * Where the buyer is: the billing country they declared, the country of the
 * address they started paying from (null when it is private or unknown),
 * and, once paid, the country they gave the provider (the card's billing
 * country at Stripe, the PayPal account's; null when it says none). Two that
 * agree are the two non-contradictory pieces of evidence an OSS seller must
 * keep (Implementing Regulation 282/2011 art. 24b, 24f); orders whose pieces
 * disagree are the operator's to look at.
 */
export interface TaxEvidence {
  billingCountry: string;
  ipAddress: string;
  ipCountry: string | null;
  payerCountry?: string | null;
  /** The buyer confirmed their billing country when the address they paid from said another. */
  countryConfirmed?: boolean;
}

let lookup: Promise<typeof import("geoip-country").lookup> | undefined;

/** The country of a public IP address, from the GeoLite2 data geoip-country ships; loaded on the first checkout. */
export async function ipCountry(ip: string): Promise<string | null> {
  if (isIP(ip) === 0) return null;
  lookup ??= import("geoip-country").then((geoip) => geoip.lookup);
  return (await lookup)(ip)?.country ?? null;
}

export async function taxEvidence(billingCountry: string, ipAddress: string): Promise<TaxEvidence> {
  return { billingCountry, ipAddress, ipCountry: await ipCountry(ipAddress) };
}

/**
 * Whether the evidence fails to place the buyer where they declared: no other
 * piece that is known agrees with the billing country, and one contradicts it.
 */
export function evidenceConflicts(evidence: TaxEvidence): boolean {
  const others = [evidence.ipCountry, evidence.payerCountry ?? null].filter((c): c is string => c !== null);
  return others.length > 0 && !others.includes(evidence.billingCountry);
}
