import {
  type AdminCouponRow,
  type AdminCouponsView,
  belowUses,
  COUPON_MESSAGES,
  type CreateCouponInput,
} from "@skillshelf/shared/coupons.ts";
import { toMajor, toMinor } from "@skillshelf/shared/money.ts";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, couponRedemptions, coupons } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";

type CouponRecord = typeof coupons.$inferSelect;

function toRow(coupon: CouponRecord, names: Map<number, string>, currency: string): AdminCouponRow {
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === "amount" ? toMajor(coupon.value, currency) : coupon.value,
    currency,
    expires_at: coupon.expiresAt?.toISOString() ?? null,
    max_uses: coupon.maxUses,
    max_uses_per_learner: coupon.maxUsesPerLearner,
    uses: coupon.uses,
    // An artefact deleted since is no longer named.
    artefacts: (coupon.artefactIds ?? []).flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    created_at: coupon.createdAt.toISOString(),
  };
}

/** Artefacts (sub-categories), by name: what a code may be restricted to. */
function artefactsOf(db: Db, ids?: number[]) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(isNotNull(categories.parentId), ids ? inArray(categories.id, ids) : undefined))
    .orderBy(asc(categories.name), asc(categories.id));
}

/** Every code, newest first (at most 500), with the artefacts a new one may be restricted to. */
export async function listCoupons(db: Db, currency: string): Promise<AdminCouponsView> {
  const [rows, artefacts] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(500),
    artefactsOf(db),
  ]);
  const names = new Map(artefacts.map((a) => [a.id, a.name]));
  return { rows: rows.map((row) => toRow(row, names, currency)), artefacts };
}

/** The artefacts a code is restricted to, each of which must exist (422). */
async function checkedArtefacts(db: Db, ids: number[]) {
  const artefacts = ids.length > 0 ? await artefactsOf(db, ids) : [];
  if (artefacts.length !== ids.length) {
    throw new AppError("invalid", COUPON_MESSAGES.artefactsMissing, { artefact_ids: COUPON_MESSAGES.artefactsMissing });
  }
  return new Map(artefacts.map((a) => [a.id, a.name]));
}

/** The form's fields as the row keeps them. */
function couponFields(input: CreateCouponInput, currency: string) {
  const ids = input.artefact_ids;
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === "amount" ? toMinor(input.value, currency) : input.value,
    expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
    maxUses: input.max_uses,
    maxUsesPerLearner: input.max_uses_per_learner,
    artefactIds: ids.length > 0 ? ids : null,
  };
}

/** A code's name is unique: the form's message under the field when another has it. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", COUPON_MESSAGES.taken, { code: COUPON_MESSAGES.taken });
    throw error;
  }
}

/** A new code; its name is unique (409), and every artefact it is restricted to must exist (422). */
export async function createCoupon(
  db: Db,
  options: { input: CreateCouponInput; currency: string; now: Date },
): Promise<AdminCouponRow> {
  const names = await checkedArtefacts(db, options.input.artefact_ids);
  const [row] = await uniqueCode(() =>
    db
      .insert(coupons)
      .values({ ...couponFields(options.input, options.currency), createdAt: options.now })
      .returning(),
  );
  if (!row) throw new Error("coupon insert returned nothing");
  return toRow(row, names, options.currency);
}

/**
 * A code changed: every field, as the new code's form has them. Checkouts
 * already priced with it keep their price (the fulfilment still claims a
 * use); its total uses cannot go below the uses so far (422).
 */
export async function updateCoupon(
  db: Db,
  options: { id: number; input: CreateCouponInput; currency: string },
): Promise<AdminCouponRow> {
  const names = await checkedArtefacts(db, options.input.artefact_ids);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, options.id)).for("update");
    if (!current) throw new AppError("not_found", COUPON_MESSAGES.notFound);
    const { max_uses: maxUses } = options.input;
    if (maxUses !== null && maxUses < current.uses) {
      throw new AppError("invalid", belowUses(current.uses), { max_uses: belowUses(current.uses) });
    }
    const [row] = await uniqueCode(() =>
      tx
        .update(coupons)
        .set(couponFields(options.input, options.currency))
        .where(eq(coupons.id, options.id))
        .returning(),
    );
    if (!row) throw new Error("coupon update returned nothing");
    return toRow(row, names, options.currency);
  });
}

/**
 * A code nobody used, gone: it leaves the carts that kept it (a checkout
 * already priced with it keeps its price). A used one stays (409): the
 * per-learner limits count its uses and its orders name it; it can expire.
 */
export async function deleteCoupon(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!current) throw new AppError("not_found", COUPON_MESSAGES.notFound);
    const [redeemed] = await tx
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id))
      .limit(1);
    if (current.uses > 0 || redeemed) throw new AppError("conflict", COUPON_MESSAGES.used);
    await tx.delete(coupons).where(eq(coupons.id, id));
  });
}
