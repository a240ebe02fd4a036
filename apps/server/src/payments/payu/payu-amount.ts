/** Minor units as PayU's form carries them: 1999 → "19.99" (integer arithmetic, no float rounding). */
export function payuAmount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** A posted amount back in minor units ("19.99", "19.9", "20", "19.990"); null for anything else. */
export function minorOfPayuAmount(text: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2})0*)?$/.exec(text ?? "");
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
