import type { CartItem, CartResponse } from "@skillshelf/shared/api.ts";
import { DEFAULT_LANGUAGE, type LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { cartItems, categories, contentGroups, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";
import { ipCountry } from "../tax/evidence.ts";
import type { LineTax } from "../tax/vat.ts";
import { cartCountOf, loadCartLines, toCartItem } from "./cart-lines.ts";
import { ownedIn } from "./ownership.ts";
import { priceCart, priceSeatLines, type Sale } from "./pricing.ts";

/** A line's tax as the API shows it, in major units. */
function lineTaxOf(tax: Pick<LineTax, "netMinor" | "ratePercent" | "vatMinor" | "country">, currency: string) {
  return {
    net: toMajor(tax.netMinor, currency),
    vat_rate: tax.ratePercent,
    vat: toMajor(tax.vatMinor, currency),
    tax_country: tax.country,
  };
}

export async function countCartItems(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: cartCountOf(db, users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.count ?? 0;
}

/**
 * The cart as checkout would charge it now (`sale.now` decides whether its code has expired),
 * with its VAT for the learner's last billing details, else for the country of `ipAddress`
 * (where the request comes from), else for the seller's.
 */
export async function getCart(
  db: DbOrTx,
  userId: number,
  sale: Sale,
  ipAddress?: string,
  /** The language of the lines' names. */
  language: LanguageCode = DEFAULT_LANGUAGE,
): Promise<CartResponse> {
  const { currency } = sale;
  const located = ipAddress === undefined ? null : await ipCountry(ipAddress);
  const pricing = await priceCart(db, userId, sale, located ? { located } : {});
  const major = (minor: number) => toMajor(minor, currency);
  return {
    status: true,
    message: "Cart fetched successfully",
    data: {
      rows: pricing.lines.map((l) => toCartItem(l, currency, language)),
      subtotal: toMajor(pricing.subtotalMinor, currency),
      credit: toMajor(pricing.creditMinor, currency),
      discount: toMajor(pricing.discountMinor, currency),
      total: toMajor(pricing.totalMinor, currency),
      currency,
      coupon: pricing.coupon && { code: pricing.coupon.code, message: pricing.coupon.problem },
      tax: {
        billing_country: pricing.buyer.country,
        company_name: pricing.billing?.companyName ?? null,
        vat_number: pricing.billing?.vatNumber ?? null,
        scheme: pricing.treatment.scheme,
        reverse_charge: pricing.treatment.scheme === "reverse_charge",
        vat_total: major(pricing.vatMinor),
        ip_country: located,
        lines: pricing.lines.map(({ id, tax }) => ({ id, ...lineTaxOf(tax, currency) })),
      },
    },
  };
}

/**
 * Adds a whole sub-category (groupId null) or one of its groups. Refuses what
 * the learner owns or already has in the cart, with a message that says which;
 * a sub-category replaces its groups already in the cart. With `seats`, the
 * line is for a team (a new team purchase, or more seats of `teamId`): what the
 * learner owns does not matter then, and it replaces nothing.
 */
export async function addToCart(options: {
  db: Db;
  userId: number;
  subCategoryId: number;
  groupId: number | null;
  currency: string;
  seats?: number | null | undefined;
  teamId?: number;
}): Promise<CartItem> {
  const { db, userId, subCategoryId, groupId } = options;
  const seats = options.seats ?? null;
  const [category] = await db
    .select({ id: categories.id, name: categories.name, priceMinor: categories.priceMinor, hidden: categories.hidden })
    .from(categories)
    .where(and(eq(categories.id, subCategoryId), isNotNull(categories.parentId)));
  if (!category || category.hidden) throw new AppError("not_found", "This item is not available.");
  let group: { id: number; name: string; priceMinor: number | null } | undefined;
  if (groupId !== null) {
    [group] = await db
      .select({ id: contentGroups.id, name: contentGroups.name, priceMinor: contentGroups.priceMinor })
      .from(contentGroups)
      .where(and(eq(contentGroups.id, groupId), eq(contentGroups.categoryId, category.id)));
    if (!group) throw new AppError("not_found", "This item is not available.");
    if (group.priceMinor === null) throw new AppError("conflict", valuedMessage("free", { name: group.name }));
  } else if (category.priceMinor === null) {
    throw new AppError("conflict", valuedMessage("free", { name: category.name }));
  }

  const owned = seats === null ? await ownedIn(db, userId, category.id) : { whole: false, groups: new Set<number>() };
  if (owned.whole) {
    throw new AppError(
      "conflict",
      group
        ? valuedMessage("ownedWhole", { artefact: category.name, name: group.name })
        : valuedMessage("owned", { name: category.name }),
    );
  }
  if (group && owned.groups.has(group.id)) throw new AppError("conflict", valuedMessage("owned", { name: group.name }));

  const inCart = await db
    .select({ id: cartItems.id, groupId: cartItems.groupId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.categoryId, category.id)));
  if (inCart.some((i) => i.groupId === null)) {
    throw new AppError(
      "conflict",
      group
        ? valuedMessage("inCartWhole", { artefact: category.name, name: group.name })
        : valuedMessage("inCart", { name: category.name }),
    );
  }
  if (group && inCart.some((i) => i.groupId === group.id)) {
    throw new AppError("conflict", valuedMessage("inCart", { name: group.name }));
  }

  try {
    const id = await db.transaction(async (tx) => {
      // The whole sub-category replaces its groups (the learner's own: a team's seats replace nothing).
      if (!group && seats === null)
        await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.categoryId, category.id)));
      const [row] = await tx
        .insert(cartItems)
        .values({ userId, categoryId: category.id, groupId: group?.id ?? null, seats, teamId: options.teamId ?? null })
        .returning({ id: cartItems.id });
      return row?.id;
    });
    const added = (await loadCartLines(db, userId)).filter((l) => l.id === id);
    const [line] = await priceSeatLines(db, added, options.currency);
    if (!line) throw new Error("cart line vanished");
    return toCartItem(line, options.currency);
  } catch (error) {
    // A double click: the same line added twice at once.
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", valuedMessage("inCart", { name: group?.name ?? category.name }));
    }
    throw error;
  }
}

export async function removeFromCart(db: DbOrTx, userId: number, itemId: number): Promise<void> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw new AppError("not_found", "This item is not in your cart.");
}
