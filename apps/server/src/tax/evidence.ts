import { isIP } from "node:net";

/**
 * Where the buyer is, as the checkout knew it: the billing country they
 * declared and the country of the address they started paying from (null
 * when it is private or unknown). Two that agree are the two
 * non-contradictory pieces of evidence an OSS seller must keep (Implementing
 * Regulation 282/2011 art. 24b, 24f); orders whose pieces disagree are the
 * operator's to look at.
 */
export interface TaxEvidence {
  billingCountry: string;
  ipAddress: string;
  ipCountry: string | null;
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

/** Whether the pieces of evidence contradict each other. */
export const evidenceConflicts = (evidence: TaxEvidence) =>
  evidence.ipCountry !== null && evidence.ipCountry !== evidence.billingCountry;
