import type { CartItem } from "@skillshelf/shared/api.ts";
import { localized, type Translations } from "@skillshelf/shared/catalogue-translations.ts";
import { DEFAULT_LANGUAGE, type LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import type { TaxClass } from "@skillshelf/shared/tax.ts";
import { and, asc, eq, isNotNull, not, sql } from "drizzle-orm";
import { type AnyPgColumn, unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import type { PaymentLine } from "../db/schema/index.ts";
import { cartItems, categories, contentGroups, teamPurchases } from "../db/schema/index.ts";

/** A cart line at the catalogue's current price; null price means it can no longer be bought. */
export interface CartLine extends PaymentLine {
  id: number;
  slug: string;
  icon: string;
  singleLine: string;
  priceMinor: number;
  /** How the line is taxed: its group's class, else its artefact's. */
  taxClass: TaxClass;
  /** Its artefact's and group's texts in the other languages: what the cart shows on their pages. */
  translations: Translations;
  groupTranslations: Translations | null;
}

// A line's price is its group's when it names one, else its sub-category's. A line is
// for sale while that price is set and the sub-category is not hidden: something that
// lost its price or was hidden since it was added is not counted, shown or charged.
const linePrice = sql<
  number | null
>`case when ${cartItems.groupId} is null then ${categories.priceMinor} else ${contentGroups.priceMinor} end`;
const forSale = and(isNotNull(linePrice), not(categories.hidden));

/**
 * How many lines of the user's cart are for sale, as a scalar subquery: the page
 * render reads it in the same query as the session (sessions.ts).
 */
export function cartCountOf(db: DbOrTx, userId: AnyPgColumn) {
  const lines = db
    .select({ count: sql<number>`count(*)::int` })
    .from(cartItems)
    .innerJoin(categories, eq(categories.id, cartItems.categoryId))
    .leftJoin(contentGroups, eq(contentGroups.id, cartItems.groupId))
    .where(and(eq(cartItems.userId, userId), forSale));
  return sql<number>`(${lines})`;
}

/**
 * The keys of the user's cart lines, as a scalar subquery without joins: the page render
 * reads them in the same query as the session (sessions.ts) and counts those for sale from
 * memory (`saleableLineKeys`), where a join here would be planned again on every page.
 * A line's key is its sub-category's id, or its group's id negated.
 */
export function cartLineKeysOf(db: DbOrTx, userId: AnyPgColumn) {
  const keys = db
    .select({ keys: sql`coalesce(array_agg(coalesce(-${cartItems.groupId}, ${cartItems.categoryId})), '{}')` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return sql<number[]>`(${keys})`;
}

/** The keys (as `cartLineKeysOf`) of every line that is for sale, by the rule of `forSale`. */
export async function saleableLineKeys(db: DbOrTx): Promise<Set<number>> {
  const wholes = db
    .select({ key: categories.id })
    .from(categories)
    .where(and(isNotNull(categories.priceMinor), not(categories.hidden)));
  const groups = db
    .select({ key: sql<number>`-${contentGroups.id}` })
    .from(contentGroups)
    .innerJoin(categories, eq(categories.id, contentGroups.categoryId))
    .where(and(isNotNull(contentGroups.priceMinor), not(categories.hidden)));
  const rows = await unionAll(wholes, groups);
  return new Set(rows.map((r) => r.key));
}

const cartLinesQuery = preparedPerDb((db) =>
  db
    .select({
      id: cartItems.id,
      categoryId: cartItems.categoryId,
      groupId: cartItems.groupId,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
      singleLine: categories.singleLine,
      groupName: contentGroups.name,
      priceMinor: linePrice,
      taxClass: sql<TaxClass>`coalesce(${contentGroups.taxClass}, ${categories.taxClass})`,
      translations: categories.translations,
      groupTranslations: contentGroups.translations,
      seats: cartItems.seats,
      teamId: cartItems.teamId,
      teamUnitMinor: teamPurchases.unitPriceMinor,
    })
    .from(cartItems)
    .innerJoin(categories, eq(categories.id, cartItems.categoryId))
    .leftJoin(contentGroups, eq(contentGroups.id, cartItems.groupId))
    .leftJoin(teamPurchases, eq(teamPurchases.id, cartItems.teamId))
    .where(and(eq(cartItems.userId, sql.placeholder("userId")), forSale))
    .orderBy(asc(cartItems.id))
    .prepare("cart_lines"),
);

/** The user's cart, oldest line first, with today's names and prices. */
export async function loadCartLines(db: DbOrTx, userId: number): Promise<CartLine[]> {
  const rows = await cartLinesQuery(db).execute({ userId });
  return rows.flatMap(({ priceMinor, seats, teamId, teamUnitMinor, ...line }) => {
    if (priceMinor === null) return [];
    if (seats === null) return [{ ...line, priceMinor }];
    // A team's seats: priced by priceSeatLines (pricing.ts); more seats of a purchase at its own unit price.
    const unitPriceMinor = teamUnitMinor ?? priceMinor;
    return [{ ...line, priceMinor: unitPriceMinor, seats, unitPriceMinor, ...(teamId === null ? {} : { teamId }) }];
  });
}

/** A line as the cart shows it, its names in `language` (what an order keeps is the English `name`). */
export function toCartItem(line: CartLine, currency: string, language: LanguageCode = DEFAULT_LANGUAGE): CartItem {
  const category = {
    id: line.categoryId,
    slug: line.slug,
    name: line.name,
    icon: line.icon,
    single_line: line.singleLine,
  };
  return {
    id: line.id,
    price: toMajor(line.priceMinor, currency),
    currency,
    category: localized(category, ["name", "single_line"], line.translations, language),
    groups:
      line.groupId === null
        ? null
        : localized({ id: line.groupId, name: line.groupName ?? "" }, ["name"], line.groupTranslations, language),
    ...seatFieldsOf(line, currency),
  };
}

/** A team line's seats, unit price and volume discount as the API shows them; nothing for a learner's own line. */
export function seatFieldsOf(
  line: Pick<PaymentLine, "seats" | "unitPriceMinor" | "volumeDiscountMinor" | "teamId">,
  currency: string,
) {
  if (line.seats === undefined) return {};
  return {
    seats: line.seats,
    unit_price: toMajor(line.unitPriceMinor ?? 0, currency),
    volume_discount: toMajor(line.volumeDiscountMinor ?? 0, currency),
    team_id: line.teamId ?? null,
  };
}
