import {
  TAX_CLASSES,
  type TaxClass,
  VAT_RATE_MESSAGES,
  type VatRateChange,
  type VatRateChangeRow,
  type VatRatesView,
} from "@skillshelf/shared/tax.ts";
import { desc, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client.ts";
import { users, vatRateOverrides } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import type { RateTable } from "./vat.ts";
import { dayOf, tablePeriod, VAT_RATES, VAT_RATES_CHECKED, VAT_RATES_SOURCES } from "./vat-rates.ts";

/** What an operator changed: a country's rate of one class from a day on. */
export interface RateChange {
  id: number;
  country: string;
  taxClass: TaxClass;
  ratePercent: number;
  validFrom: string;
  createdAt: Date;
  /** The operator's name; null once their account is gone. */
  createdBy: string | null;
}

/** Told when an instance changes the rates: every instance reads them again. */
const VAT_RATES_CHANNEL = "vat_rates_changed";

/**
 * The store's VAT rates: the committed table (vat-rates.ts) with the
 * operator's changes, read once and again whenever an instance changes them
 * (LISTEN/NOTIFY, as the catalogue's caches). Of the table's period and the
 * changes of a country and class that have begun on a day, the one that
 * began last applies: a release with a newer period takes over from an older
 * change. Prices are worked out with it as checkouts start; orders keep the
 * rate they were charged.
 */
export class VatRates implements RateTable {
  /** Each country and class's changes, the latest day first. */
  private changesOf = new Map<string, RateChange[]>();
  private all: RateChange[] = [];

  private constructor(private readonly db: DbOrTx) {}

  static async load(database: Database, onError: (error: unknown) => void): Promise<VatRates> {
    const rates = new VatRates(database.db);
    await rates.reload();
    await database.listen(VAT_RATES_CHANNEL, () => {
      rates.reload().catch(onError);
    });
    return rates;
  }

  /** Reads the changes again (after this instance's write, or another's notice). */
  async reload(): Promise<void> {
    const rows = await this.db
      .select({
        id: vatRateOverrides.id,
        country: vatRateOverrides.country,
        taxClass: vatRateOverrides.taxClass,
        rateHundredths: vatRateOverrides.rateHundredths,
        validFrom: vatRateOverrides.validFrom,
        createdAt: vatRateOverrides.createdAt,
        createdBy: users.name,
      })
      .from(vatRateOverrides)
      .leftJoin(users, eq(users.id, vatRateOverrides.createdBy))
      .orderBy(desc(vatRateOverrides.validFrom), desc(vatRateOverrides.id));
    const all = rows.map(({ rateHundredths, ...row }) => ({ ...row, ratePercent: rateHundredths / 100 }));
    const changesOf = new Map<string, RateChange[]>();
    for (const change of all) {
      const key = `${change.country}:${change.taxClass}`;
      changesOf.set(key, [...(changesOf.get(key) ?? []), change]);
    }
    this.all = all;
    this.changesOf = changesOf;
  }

  rate(country: string, taxClass: TaxClass, at: Date): number | undefined {
    return this.onDay(country, taxClass, dayOf(at))?.ratePercent;
  }

  /** The rate of `taxClass` in `country` on `day`, the day it applies from, and whether an operator set it. */
  onDay(country: string, taxClass: TaxClass, day: string) {
    const period = tablePeriod(country, day);
    // Before its oldest period the table's oldest rate applies, as from the start.
    const periodFrom = period && period.from <= day ? period.from : "";
    const change = this.changesOf.get(`${country}:${taxClass}`)?.find((c) => c.validFrom <= day);
    if (change && change.validFrom >= periodFrom) {
      return { ratePercent: change.ratePercent, from: change.validFrom, changed: true };
    }
    return period && { ratePercent: period[taxClass], from: period.from, changed: false };
  }

  /** The days after `day` on which a rate of `country` changes (the table's or an operator's), earliest first. */
  upcoming(country: string, day: string): string[] {
    const days = new Set<string>();
    for (const period of VAT_RATES[country] ?? []) if (period.from > day) days.add(period.from);
    for (const taxClass of TAX_CLASSES) {
      for (const change of this.changesOf.get(`${country}:${taxClass}`) ?? []) {
        if (change.validFrom > day) days.add(change.validFrom);
      }
    }
    return [...days].sort();
  }

  /** Every change, the latest day first. */
  changes(): readonly RateChange[] {
    return this.all;
  }
}

/**
 * Sets a country's rate of one class from a day on (today or later, UTC):
 * another change of the same day is replaced. 422 for a country the table
 * has no rates for, or a past day. Every instance reads the rates again.
 */
export async function setVatRate(
  database: Database,
  rates: VatRates,
  options: { change: VatRateChange; operatorId: number; now: Date },
): Promise<RateChange> {
  const { change } = options;
  if (!VAT_RATES[change.country]) {
    throw new AppError("invalid", VAT_RATE_MESSAGES.country, { country: VAT_RATE_MESSAGES.country });
  }
  if (change.valid_from < dayOf(options.now)) {
    throw new AppError("invalid", VAT_RATE_MESSAGES.validFrom, { valid_from: VAT_RATE_MESSAGES.validFrom });
  }
  const values = {
    rateHundredths: Math.round(change.rate * 100),
    createdAt: options.now,
    createdBy: options.operatorId,
  };
  const [row] = await database.db
    .insert(vatRateOverrides)
    .values({ country: change.country, taxClass: change.tax_class, validFrom: change.valid_from, ...values })
    .onConflictDoUpdate({
      target: [vatRateOverrides.country, vatRateOverrides.taxClass, vatRateOverrides.validFrom],
      set: values,
    })
    .returning({ id: vatRateOverrides.id });
  await changed(database, rates);
  const saved = rates.changes().find((c) => c.id === row?.id);
  if (!saved) throw new Error("a saved rate change was not read back");
  return saved;
}

/** Removes a change (404 when there is none): the table, or an earlier change, applies again. */
export async function removeVatRate(database: Database, rates: VatRates, id: number): Promise<void> {
  const removed = await database.db
    .delete(vatRateOverrides)
    .where(eq(vatRateOverrides.id, id))
    .returning({ id: vatRateOverrides.id });
  if (removed.length === 0) throw new AppError("not_found", VAT_RATE_MESSAGES.notFound);
  await changed(database, rates);
}

/** This instance reads the rates at once; the others when told. */
async function changed(database: Database, rates: VatRates) {
  await rates.reload();
  await database.notify(VAT_RATES_CHANNEL, "admin");
}

/** A change as the admin area shows it. */
export const changeRow = (change: RateChange): VatRateChangeRow => ({
  id: change.id,
  country: change.country,
  tax_class: change.taxClass,
  rate: change.ratePercent,
  valid_from: change.validFrom,
  created_at: change.createdAt.toISOString(),
  created_by: change.createdBy,
});

/**
 * The rates of every country with a table on `now`'s day, what changes later, and the operator's
 * changes, read afresh: on a store of several processes, the one answering may not have had the
 * notice of a change another has just made.
 */
export async function vatRatesOverview(rates: VatRates, now: Date): Promise<VatRatesView> {
  await rates.reload();
  const today = dayOf(now);
  const on = (country: string, day: string) => {
    const of = (taxClass: TaxClass) => {
      const rate = rates.onDay(country, taxClass, day);
      if (!rate) throw new Error(`no VAT rates for ${country}`);
      return { rate: rate.ratePercent, from: rate.from, changed: rate.changed };
    };
    return { standard: of("standard"), e_publication: of("e_publication") };
  };
  return {
    today,
    checked: VAT_RATES_CHECKED,
    sources: VAT_RATES_SOURCES.map((source) => ({ ...source })),
    countries: Object.keys(VAT_RATES).map((country) => ({
      country,
      ...on(country, today),
      upcoming: rates.upcoming(country, today).map((from) => {
        const later = on(country, from);
        return { from, standard: later.standard.rate, e_publication: later.e_publication.rate };
      }),
    })),
    changes: rates.changes().map(changeRow),
  };
}
