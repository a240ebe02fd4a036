import { BILLING_MESSAGES, type DeclaredBilling } from "@skillshelf/shared/tax.ts";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { ipCountry } from "./evidence.ts";
import type { Billing, BuyerTax, SavedBilling, SellerTax } from "./vat.ts";
import { normalVatNumber, vatNumberCountry } from "./vat-number.ts";
import { EU_COUNTRIES } from "./vat-rates.ts";

/** Whether VIES (the EU's register of VAT numbers) knows a number; "unavailable" when it could not be asked. */
export type VatNumberCheck = (number: string) => Promise<"valid" | "invalid" | "unavailable">;

/** Who a payment bills, how the VAT is worked out for them, and why no reverse charge applies when one was asked for. */
export interface ResolvedBilling {
  billing: Billing;
  buyer: BuyerTax;
  /** The VAT number could not be checked with VIES just now: VAT is charged, and the buyer is told. */
  vatNumberUnchecked: boolean;
  /** The details are the learner's saved ones (none was declared): nothing new to keep. */
  saved: boolean;
}

/**
 * The billing of a payment start: what the buyer declared, else what they
 * declared last time, else the country of the address they pay from (else
 * the seller's). A VAT number must be of the billing country and well
 * formed (422 otherwise); an EU business's number found valid by VIES makes
 * the reverse charge apply, one VIES does not know is refused (422), and
 * when VIES cannot be asked VAT is charged as to a consumer.
 */
export async function resolveBilling(options: {
  db: DbOrTx;
  userId: number;
  declared: DeclaredBilling;
  ipAddress: string;
  seller: SellerTax;
  checkVatNumber: VatNumberCheck;
}): Promise<ResolvedBilling> {
  const { declared } = options;
  let billing: Billing;
  let last: SavedBilling | null = null;
  if (declared.country) {
    billing = {
      country: declared.country,
      companyName: declared.companyName ?? null,
      vatNumber: declared.vatNumber ? normalVatNumber(declared.vatNumber) : null,
    };
  } else {
    last = await savedBillingOf(options.db, options.userId);
    billing = last
      ? { country: last.country, companyName: last.companyName, vatNumber: last.vatNumber }
      : { country: (await ipCountry(options.ipAddress)) ?? options.seller.country, companyName: null, vatNumber: null };
  }
  // Read from the learner's row, the details need keeping again only if VIES now answers otherwise.
  const resolved = (buyer: BuyerTax, vatNumberUnchecked = false): ResolvedBilling => ({
    billing,
    buyer,
    vatNumberUnchecked,
    saved: last !== null && last.vatNumberValid === (buyer.vatNumber !== null),
  });
  const vatNumber = billing.vatNumber;
  if (vatNumber === null) return resolved({ country: billing.country, vatNumber: null });
  const refuse = (message: string) => new AppError("invalid", message, { vat_number: message });
  const country = vatNumberCountry(vatNumber);
  if (country === null) throw refuse(BILLING_MESSAGES.vatNumber);
  if (country !== billing.country) throw refuse(BILLING_MESSAGES.vatNumberCountry);
  // Only an EU business outside the seller's country is reverse-charged: VIES is asked only then.
  if (!EU_COUNTRIES.has(country) || country === options.seller.country || options.seller.vatNumber === null) {
    return resolved({ country, vatNumber: null });
  }
  const answer = await options.checkVatNumber(vatNumber);
  if (answer === "invalid") throw refuse(BILLING_MESSAGES.vatNumberUnknown);
  return resolved({ country, vatNumber: answer === "valid" ? vatNumber : null }, answer === "unavailable");
}

const savedBillingQuery = preparedPerDb((db) =>
  db
    .select({ billing: users.billing })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("saved_billing"),
);

/** The billing details the learner gave last (saveBilling), if any. */
export async function savedBillingOf(db: DbOrTx, userId: number): Promise<SavedBilling | null> {
  const [row] = await savedBillingQuery(db).execute({ userId });
  return row?.billing ?? null;
}

/**
 * Keeps the billing details for the learner's next checkout (and the cart's VAT until then);
 * details read from the learner's row, or that it already holds, are not written again (a
 * checkout started twice with the same details writes once).
 */
export async function saveBilling(db: DbOrTx, userId: number, resolved: ResolvedBilling): Promise<void> {
  if (resolved.saved) return;
  const billing: SavedBilling = { ...resolved.billing, vatNumberValid: resolved.buyer.vatNumber !== null };
  await db
    .update(users)
    .set({ billing })
    .where(and(eq(users.id, userId), sql`${users.billing} is distinct from ${JSON.stringify(billing)}::jsonb`));
}
