import { MONEY_BACK_DAYS } from "./constants.ts";
import type { Message } from "./i18n/message.ts";
import { z } from "./zod.ts";

/**
 * The operator's sales figures (GET /api/admin/sales, /admin/sales): a range
 * of whole UTC days, chosen by a preset or by its first and last day, the
 * same figures for the period of the same length just before it, and a
 * series per day or month. Amounts are major units of the store's currency.
 */

/** The ranges the page offers, each ending today: the last 7, 30, 90 or 365 days, or since the first order. */
export const SALES_PRESETS = ["7d", "30d", "90d", "1y", "all"] as const;
export type SalesPreset = (typeof SALES_PRESETS)[number];
export const PRESET_DAYS: Record<Exclude<SalesPreset, "all">, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };
/** Without a range: the last 30 days. */
export const DEFAULT_PRESET = "30d" satisfies SalesPreset;

export const SALES_INTERVALS = ["day", "month"] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];
/** Without an interval, a range of up to this many days is shown per day, a longer one per month. */
export const DAILY_UP_TO_DAYS = 92;
/** The most days a series per day may have (a bar each). */
export const MAX_DAILY_DAYS = 366;
/** The artefacts and groups listed by name; the rest are summed as "others". */
export const SALES_TOP = 10;

/** The first and last day a range may name: a series per month of the whole span stays some hundreds of bars. */
const FIRST_DAY = "2000-01-01";
const LAST_DAY = "2099-12-31";

export const SALES_MESSAGES = {
  date: "Use a date as YYYY-MM-DD, from 2000 to 2099",
  order: "The last day must not be before the first",
  presetWithDates: "Choose a preset or dates, not both",
  preset: "Choose 7d, 30d, 90d, 1y or all",
  interval: "Choose day or month",
  dailyTooLong: "A series per day covers at most 366 days: choose months",
  ordersFlag: "orders is 1 (the orders) or 0 (the figures)",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD (no 2026-02-30), within the days a range may name. */
export const isSalesDay = (text: string): boolean =>
  DATE.test(text) &&
  text >= FIRST_DAY &&
  text <= LAST_DAY &&
  new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const day = z.string({ error: SALES_MESSAGES.date }).refine(isSalesDay, SALES_MESSAGES.date);

/** The query's fields, as a URL holds them. */
const salesQueryShape = {
  range: z
    .enum(SALES_PRESETS, { error: SALES_MESSAGES.preset })
    .optional()
    .describe("a preset ending today (UTC): the last 7, 30, 90 or 365 days, or all (from the first order's day)"),
  from: day.optional().describe("the first day, YYYY-MM-DD (UTC), inclusive; default: 30 days ending on `to`"),
  to: day.optional().describe("the last day, YYYY-MM-DD (UTC), inclusive; default: today"),
  interval: z
    .enum(SALES_INTERVALS, { error: SALES_MESSAGES.interval })
    .optional()
    .describe(
      `the series' buckets; default: day for up to ${DAILY_UP_TO_DAYS} days, month beyond (at most ${MAX_DAILY_DAYS} days per day)`,
    ),
};

const salesQueryObject = z.object(salesQueryShape);

/** Days between two YYYY-MM-DD dates, both counted (a day's range is 1). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** What the fields cannot say alone: a preset or dates, the last day not before the first, a daily series not too long. */
function checkTogether(query: z.output<typeof salesQueryObject>, context: z.RefinementCtx): void {
  if (query.range && (query.from || query.to)) {
    context.addIssue({ code: "custom", path: ["range"], message: SALES_MESSAGES.presetWithDates });
  }
  if (query.from && query.to && query.to < query.from) {
    context.addIssue({ code: "custom", path: ["to"], message: SALES_MESSAGES.order });
  }
  const days = query.range && query.range !== "all" ? PRESET_DAYS[query.range] : 0;
  const span = query.from && query.to ? daysBetween(query.from, query.to) : days;
  if (query.interval === "day" && span > MAX_DAILY_DAYS) {
    context.addIssue({ code: "custom", path: ["interval"], message: SALES_MESSAGES.dailyTooLong });
  }
}

export const salesQuerySchema = salesQueryObject.superRefine(checkTogether);
export type SalesQuery = z.output<typeof salesQuerySchema>;

/** The CSV's query: the same range, and which file. */
export const salesCsvQuerySchema = z
  .object({
    ...salesQueryShape,
    orders: z
      .enum(["0", "1"], { error: SALES_MESSAGES.ordersFlag })
      .optional()
      .describe("1: the orders placed in the range, one row each; 0 or none: the figures"),
  })
  .superRefine(checkTogether);

/** The sales query of a page URL: its non-empty fields (a plain GET form sends empty ones). */
export function salesQueryOf(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of Object.keys(salesQueryShape)) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

const money = (definition: string) => z.number().describe(definition);
const rate = (definition: string) =>
  z.number().nullable().describe(`${definition}; 0 to 1, to 4 decimals; null without orders`);

/** One period's figures. "Placed in the period": created in it; "refunded in it": by the refund's date. */
export const salesFiguresSchema = z.object({
  gross: money(
    "what the orders placed in the period paid (each order's amount: its lines' prices less upgrade credit and coupon discount, VAT included), refunded ones too",
  ),
  refunds: money(
    "what the refunds made in the period gave back, whenever their orders were placed: a whole refund what its order paid less its seats' refunds before, a refund of a team order's unclaimed seats their share",
  ),
  net: money("gross - refunds"),
  vat: money(
    "the VAT inside the orders placed in the period, less the VAT inside the refunds made in it; orders placed before VAT count none",
  ),
  orders: z
    .number()
    .int()
    .describe("orders placed in the period, refunded ones and those credit and coupon covered (paid 0) included"),
  average_order: money("gross / orders, to the minor unit").nullable(),
  refund_count: z
    .number()
    .int()
    .describe(
      "refunds made in the period (whole, or of a team order's unclaimed seats), whenever placed: what `refunds` adds up",
    ),
  refunded_orders: z.number().int().describe("orders placed in the period that have been refunded since"),
  refund_rate: rate("refunded_orders / orders"),
  guarantee_refunded_orders: z
    .number()
    .int()
    .describe(
      `orders placed in the period refunded within the ${MONEY_BACK_DAYS}-day money-back guarantee: less than ${MONEY_BACK_DAYS} × 24 hours after being placed`,
    ),
  guarantee_refund_rate: rate("guarantee_refunded_orders / orders"),
  credit: money("upgrade credit taken off the orders placed in the period"),
  discount: money("coupon discounts taken off the orders placed in the period"),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

const soldSchema = {
  gross: money("what their lines paid: price less credit and discount, VAT included"),
  count: z.number().int().describe("lines sold: each line is a whole artefact or one of its groups, in one order"),
};

const othersSchema = z
  .object({ items: z.number().int().describe("how many are summed here"), ...soldSchema })
  .nullable()
  .describe(`the ones after the first ${SALES_TOP}, summed; null when there are no more`);

export const salesReportSchema = z.object({
  currency: z.string(),
  preset: z.enum(SALES_PRESETS).nullable().describe("the preset asked for; null for dates"),
  from: z.string().describe("the first day, YYYY-MM-DD (UTC)"),
  to: z.string().describe("the last day, YYYY-MM-DD (UTC)"),
  interval: z.enum(SALES_INTERVALS),
  figures: salesFiguresSchema.describe("the range's figures"),
  previous: salesFiguresSchema
    .extend({ from: z.string(), to: z.string() })
    .describe("the same figures for the period of the same length just before the range"),
  series: z
    .array(salesFiguresSchema.extend({ from: z.string(), to: z.string() }))
    .describe("the range's figures per day or per calendar month (the first and last month cut at the range's ends)"),
  artefacts: z
    .object({
      rows: z.array(z.object({ id: z.number().int(), name: z.string(), ...soldSchema })),
      others: othersSchema,
    })
    .describe(
      `per artefact, the lines of orders placed in the range (its whole and its groups), largest gross first, the first ${SALES_TOP}`,
    ),
  groups: z
    .object({
      rows: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          artefact_id: z.number().int(),
          artefact: z.string(),
          ...soldSchema,
        }),
      ),
      others: othersSchema,
    })
    .describe(`per group sold on its own, the same way, the first ${SALES_TOP}`),
  countries: z
    .array(
      z.object({
        country: z
          .string()
          .nullable()
          .describe("the billing country (ISO 3166-1 alpha-2); null: orders placed before VAT"),
        gross: money("what the orders placed in the range paid"),
        orders: z.number().int(),
      }),
    )
    .describe("per buyer country, the orders placed in the range, largest gross first"),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** What a page gets for its URL's query: the report, or each field's refusal as a catalogue key with values. */
export type SalesAnswer = { report: SalesReport; errors: null } | { report: null; errors: Record<string, Message> };
