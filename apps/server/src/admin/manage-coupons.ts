import {
  type AdminCouponRow,
  type AdminCouponsView,
  COUPON_MESSAGES,
  type CreateCouponInput,
} from "@skillshelf/shared/coupons.ts";
import { toMajor, toMinor } from "@skillshelf/shared/money.ts";
import { and, asc, desc, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, coupons } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";

type CouponRecord = typeof coupons.$inferSelect;

function toRow(coupon: CouponRecord, names: Map<number, string>, currency: string): AdminCouponRow {
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === "amount" ? toMajor(coupon.value) : coupon.value,
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

/** A new code; its name is unique (409), and every artefact it is restricted to must exist (422). */
export async function createCoupon(
  db: Db,
  options: { input: CreateCouponInput; currency: string; now: Date },
): Promise<AdminCouponRow> {
  const { input } = options;
  const ids = input.artefact_ids;
  const artefacts = ids.length > 0 ? await artefactsOf(db, ids) : [];
  if (artefacts.length !== ids.length) {
    throw new AppError("invalid", COUPON_MESSAGES.artefactsMissing, { artefact_ids: COUPON_MESSAGES.artefactsMissing });
  }
  try {
    const [row] = await db
      .insert(coupons)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.kind === "amount" ? toMinor(input.value) : input.value,
        expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
        maxUses: input.max_uses,
        maxUsesPerLearner: input.max_uses_per_learner,
        artefactIds: ids.length > 0 ? ids : null,
        createdAt: options.now,
      })
      .returning();
    if (!row) throw new Error("coupon insert returned nothing");
    return toRow(row, new Map(artefacts.map((a) => [a.id, a.name])), options.currency);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", COUPON_MESSAGES.taken, { code: COUPON_MESSAGES.taken });
    throw error;
  }
}
