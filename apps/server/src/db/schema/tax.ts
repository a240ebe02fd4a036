import type { TaxClass } from "@skillshelf/shared/tax.ts";
import { date, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * The operator's changes to the store's VAT rate table (tax/vat-rates.ts): a
 * country's rate of one class from a day on (UTC), until a newer period of
 * the table or a later change. Prices worked out before its day keep their
 * rate; orders keep the rate they were charged whatever happens here.
 */
export const vatRateOverrides = pgTable(
  "vat_rate_overrides",
  {
    id: serial("id").primaryKey(),
    country: text("country").notNull(),
    taxClass: text("tax_class").$type<TaxClass>().notNull(),
    /** Hundredths of a percent: 2150 is 21.5 %. */
    rateHundredths: integer("rate_hundredths").notNull(),
    validFrom: date("valid_from").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The operator who set it (null once their account is gone). */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("vat_rate_overrides_key").on(t.country, t.taxClass, t.validFrom)],
);
