import type { AdminChoice } from "@skillshelf/shared/api.ts";
import {
  type AdminCouponRow,
  COUPON_MESSAGES,
  type CreateCouponInput,
  MAX_COUPON_ARTEFACTS,
} from "@skillshelf/shared/coupons.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { toMajor, toMinor } from "@skillshelf/shared/money.ts";
import type { PageRequest } from "@skillshelf/shared/paging.ts";
import { and, asc, eq, ilike, inArray, isNotNull, notInArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditChange, auditUpdate } from "../audit/audit-trail.ts";
import type { Db } from "../db/client.ts";
import { categories, couponRedemptions, coupons } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";
import { containsPattern, searchTerm } from "../lib/like-pattern.ts";
import { builtEachTime, keyColumns, keysetPage, type Part } from "../paging/keyset-page.ts";
import type { PageCursors } from "../paging/page-cursors.ts";

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
function artefactsOf(db: Db, ids: number[]) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(isNotNull(categories.parentId), inArray(categories.id, ids)))
    .orderBy(asc(categories.name), asc(categories.id));
}

/** The names of the artefacts the codes are restricted to: one query for a page of them. */
async function namesFor(db: Db, records: CouponRecord[]): Promise<Map<number, string>> {
  const ids = [...new Set(records.flatMap((r) => r.artefactIds ?? []))];
  return new Map(ids.length > 0 ? (await artefactsOf(db, ids)).map((a) => [a.id, a.name]) : []);
}

/**
 * The query of the codes list: codes with the term in them (coupons_code_trgm_idx),
 * plus the page's `where`, in `orderBy` order (coupons_created_idx).
 */
export function selectCoupons(db: Db, term: string | undefined) {
  const matches = term === undefined ? undefined : ilike(coupons.code, containsPattern(term));
  return (where: SQL | undefined, orderBy: SQL[], limit: number, part?: Part) =>
    db
      .select({ coupon: coupons, ...keyColumns(coupons.createdAt, coupons.id, part) })
      .from(coupons)
      .where(and(matches, where))
      .orderBy(...orderBy)
      .limit(limit);
}

/** Codes, newest first, searched by any part of the code, a page at a time: each page costs the same however many codes there are. */
export function listCoupons(
  db: Db,
  options: { cursors: PageCursors; search?: string | undefined; page: PageRequest; currency: string },
) {
  const term = searchTerm(options.search);
  const fetch = builtEachTime(coupons.createdAt, coupons.id, selectCoupons(db, term));
  return keysetPage({
    cursors: options.cursors,
    list: "admin-coupons",
    scope: term ?? "",
    request: options.page,
    fetch,
    toRows: async (records) => {
      const names = await namesFor(
        db,
        records.map((r) => r.coupon),
      );
      return records.map((r) => toRow(r.coupon, names, options.currency));
    },
  });
}

/** One code, as its form edits it; null when there is none. */
export async function readCoupon(db: Db, id: number, currency: string): Promise<AdminCouponRow | null> {
  const [record] = await db.select().from(coupons).where(eq(coupons.id, id));
  return record ? toRow(record, await namesFor(db, [record]), currency) : null;
}

/** How many artefacts the form's picker offers at most, besides the chosen ones. */
const ARTEFACT_CHOICES = 50;

/** Artefacts as a code's picker names them, "Parent › Artefact" (the same name may be under two parents), by name. */
function artefactChoices(db: Db, where: SQL | undefined) {
  const parents = alias(categories, "parents");
  return db
    .select({ id: categories.id, name: categories.name, parent: parents.name })
    .from(categories)
    .innerJoin(parents, eq(parents.id, categories.parentId))
    .where(where)
    .orderBy(asc(categories.name), asc(categories.id))
    .$dynamic();
}

/**
 * The artefacts a picker's search finds besides the `chosen` ones: at most
 * ARTEFACT_CHOICES whose name has the term (categories_name_trgm_idx), or
 * without one the first by name (categories_artefacts_name_idx).
 */
export function selectFoundArtefacts(db: Db, options: { chosen: number[]; term: string | undefined }) {
  const { chosen, term } = options;
  return artefactChoices(
    db,
    and(
      isNotNull(categories.parentId),
      chosen.length > 0 ? notInArray(categories.id, chosen) : undefined,
      term === undefined ? undefined : ilike(categories.name, containsPattern(term)),
    ),
  ).limit(ARTEFACT_CHOICES);
}

/** What a code's artefacts may be chosen from: the `chosen` ones, then those a search finds (selectFoundArtefacts). */
export async function readArtefactChoices(
  db: Db,
  options: { chosen: number[]; search?: string | undefined },
): Promise<AdminChoice[]> {
  const chosen = options.chosen.slice(0, MAX_COUPON_ARTEFACTS);
  const [picked, found] = await Promise.all([
    chosen.length > 0 ? artefactChoices(db, inArray(categories.id, chosen)) : [],
    selectFoundArtefacts(db, { chosen, term: searchTerm(options.search) }),
  ]);
  return [...picked, ...found].map((a) => ({ id: a.id, label: `${a.parent} › ${a.name}` }));
}

/** The artefacts a code is restricted to, each of which must exist (422). */
async function checkedArtefacts(db: Db, ids: number[]) {
  const artefacts = ids.length > 0 ? await artefactsOf(db, ids) : [];
  if (artefacts.length !== ids.length) {
    throw new AppError("invalid", COUPON_MESSAGES.artefactsMissing, { artefact_ids: COUPON_MESSAGES.artefactsMissing });
  }
  return new Map(artefacts.map((a) => [a.id, a.name]));
}

/** A code as the audit trail keeps it: what its form sets. */
const auditedCoupon = (c: CouponRecord) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  expiresAt: c.expiresAt,
  maxUses: c.maxUses,
  maxUsesPerLearner: c.maxUsesPerLearner,
  artefactIds: c.artefactIds,
});

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
  // A transaction of its own: the audit trail's row is written in it (audit-trail.ts).
  const row = await uniqueCode(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(coupons)
        .values({ ...couponFields(options.input, options.currency), createdAt: options.now })
        .returning();
      if (!created) throw new Error("coupon insert returned nothing");
      auditChange({ object: { type: "coupon", id: created.id }, after: auditedCoupon(created) });
      return created;
    }),
  );
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
      const message = valuedMessage("belowUses", { uses: current.uses });
      throw new AppError("invalid", message, { max_uses: message });
    }
    const [row] = await uniqueCode(() =>
      tx
        .update(coupons)
        .set(couponFields(options.input, options.currency))
        .where(eq(coupons.id, options.id))
        .returning(),
    );
    if (!row) throw new Error("coupon update returned nothing");
    auditUpdate({ type: "coupon", id: row.id }, auditedCoupon(current), auditedCoupon(row));
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
    auditChange({ before: auditedCoupon(current) });
  });
}
