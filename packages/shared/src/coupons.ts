import { issueText } from "./i18n/message.ts";
import { rowId } from "./ids.ts";
import { isPriceStep, perCurrency, wholeMinorMessage } from "./money-rules.ts";
import { z } from "./zod.ts";

/**
 * Coupon codes and upgrade credit: the forms' schemas (the cart's code field,
 * the operator's new code) and the messages the learner and the operator read.
 */

export const COUPON_KINDS = ["percent", "amount"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_MESSAGES = {
  required: "Enter a code.",
  invalid: "This code is not valid.",
  expired: "This code has expired.",
  usedUp: "This code has been used up.",
  usedByYou: "You have already used this code as many times as it allows.",
  notApplicable: "This code does not apply to anything in your cart.",
  applied: "Your code is applied.",
  removed: "Your code is removed.",
  created: "The code is created.",
  saved: "The code is saved.",
  deleted: "The code is deleted.",
  notFound: "Coupon not found",
  /** A used code stays: the per-learner limits count its uses, and its orders name it. */
  used: "This code has been used, so it stays with its orders: set it to expire instead.",
  taken: "A code with this name already exists.",
  artefactsMissing: "Some of these artefacts do not exist.",
} as const;

/** The cart's and the order's line for the upgrade credit. */
export const CREDIT_LABEL = "Credit for what you own";

/**
 * The payment method of an order whose credit and coupon cover everything: it
 * was fulfilled at checkout, no provider was asked for (or paid) anything.
 */
export function noPaymentMethod(covered: { credit: boolean; discount: boolean }): string {
  if (covered.credit && covered.discount) return "No payment: covered by credit and coupon";
  if (covered.credit) return "No payment: covered by credit";
  if (covered.discount) return "No payment: covered by coupon";
  return "No payment";
}

/** The checkout's payment panel for a cart that costs nothing. */
export const NOTHING_TO_PAY =
  "Nothing to pay: your credit and coupon cover this order. Complete Purchase unlocks it at once, without any payment.";

/** The transaction id of an order nothing was paid for (no provider took a payment). */
export const NO_TRANSACTION = "None";

/** The cart's code field; codes are kept and compared in capitals. */
export const couponCodeSchema = z.object({
  code: z
    .string({ error: COUPON_MESSAGES.required })
    .trim()
    .min(1, COUPON_MESSAGES.required)
    .max(40, COUPON_MESSAGES.invalid)
    .transform((code) => code.toUpperCase()),
});

const CODE_FORMAT = "Use 3 to 40 letters, digits, - or _";
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A blank form field is no value. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const numeric = (value: unknown) => {
  const given = blank(value);
  return typeof given === "string" ? Number(given) : given;
};

const usesLimit = (label: string) =>
  z
    .preprocess(
      numeric,
      z
        .number({ error: `${label} must be a whole number` })
        .int(`${label} must be a whole number`)
        .min(1, `${label} must be at least 1`)
        .max(1_000_000, `${label} must be at most 1000000`)
        .nullable()
        .optional(),
    )
    .transform((value) => value ?? null);

/** As many artefacts as one code may be restricted to. */
export const MAX_COUPON_ARTEFACTS = 500;

/**
 * The operator's new code. `value` is a percentage (a whole number, 1 to 100)
 * or an amount in major units; `expires_at` a date (the code works until the
 * end of that day, UTC) or an ISO 8601 moment; no `artefact_ids`: every artefact.
 * An amount has no more decimals than the store's `currency` (none for JPY).
 */
export const createCouponSchema = perCurrency((currency) =>
  z
    .object({
      code: z
        .string({ error: "Code is required" })
        .trim()
        .min(3, CODE_FORMAT)
        .max(40, CODE_FORMAT)
        .regex(/^[A-Za-z0-9_-]+$/, CODE_FORMAT)
        .transform((code) => code.toUpperCase()),
      kind: z.enum(COUPON_KINDS, { error: "Choose a percentage or a fixed amount" }),
      value: z.preprocess(
        numeric,
        z
          .number({ error: "Value must be a number" })
          .positive("Value must be above 0")
          .max(100000, "Value must be at most 100000"),
      ),
      expires_at: z
        .preprocess(
          blank,
          z
            .string()
            .trim()
            .refine((text) => (DATE_ONLY.test(text) || DATE_TIME.test(text)) && !Number.isNaN(Date.parse(text)), {
              message: "Expiry must be a date",
            })
            .transform((text) => (DATE_ONLY.test(text) ? `${text}T23:59:59.999Z` : new Date(text).toISOString()))
            .nullable()
            .optional(),
        )
        .transform((value) => value ?? null),
      max_uses: usesLimit("Total uses"),
      max_uses_per_learner: usesLimit("Uses per learner"),
      artefact_ids: z
        .array(rowId("artefact_ids must be ids"))
        .max(MAX_COUPON_ARTEFACTS, "Choose at most 500 artefacts")
        .optional()
        .transform((ids) => [...new Set(ids ?? [])]),
    })
    .superRefine((coupon, ctx) => {
      if (coupon.kind === "percent" && (!Number.isInteger(coupon.value) || coupon.value > 100)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is a whole number from 1 to 100" });
      }
      if (coupon.kind === "amount" && !isPriceStep(coupon.value, currency)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: issueText(wholeMinorMessage("An amount", currency)) });
      }
    }),
);
export type CreateCouponInput = z.output<ReturnType<typeof createCouponSchema>>;

/** One code as the operator's list shows it (GET /api/admin/coupons). */
export const adminCouponRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().describe("percent: the percentage taken off (1 to 100); amount: major units of `currency`"),
  currency: z.string(),
  expires_at: z.string().nullable().describe("ISO 8601; null: never expires"),
  max_uses: z.number().int().nullable().describe("orders that may use it in all; null: no limit"),
  max_uses_per_learner: z.number().int().nullable().describe("orders each learner may use it for; null: no limit"),
  uses: z.number().int().describe("paid orders that used it"),
  artefacts: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe("the artefacts it takes money off; empty: every artefact"),
  created_at: z.string().describe("ISO 8601"),
});
export type AdminCouponRow = z.infer<typeof adminCouponRowSchema>;
