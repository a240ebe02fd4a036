import type { CartItem } from "@skillshelf/shared/api.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import type { PaymentLine } from "../db/schema/index.ts";
import { cartItems, categories, contentGroups } from "../db/schema/index.ts";

/** A cart line at the catalogue's current price; null price means it can no longer be bought. */
export interface CartLine extends PaymentLine {
  id: number;
  slug: string;
  icon: string;
  singleLine: string;
  priceMinor: number;
}

/** The user's cart, oldest line first, with today's names and prices. */
export async function loadCartLines(db: DbOrTx, userId: number): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      categoryId: cartItems.categoryId,
      groupId: cartItems.groupId,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
      singleLine: categories.singleLine,
      hidden: categories.hidden,
      categoryPrice: categories.priceMinor,
      groupName: contentGroups.name,
      groupPrice: contentGroups.priceMinor,
    })
    .from(cartItems)
    .innerJoin(categories, eq(categories.id, cartItems.categoryId))
    .leftJoin(contentGroups, eq(contentGroups.id, cartItems.groupId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  return rows.flatMap((r) => {
    const priceMinor = r.groupId === null ? r.categoryPrice : r.groupPrice;
    // Something that lost its price or was hidden since it was added is not for sale.
    if (priceMinor === null || r.hidden) return [];
    return [
      {
        id: r.id,
        categoryId: r.categoryId,
        groupId: r.groupId,
        name: r.name,
        groupName: r.groupName,
        slug: r.slug,
        icon: r.icon,
        singleLine: r.singleLine,
        priceMinor,
      },
    ];
  });
}

export function toCartItem(line: CartLine, currency: string): CartItem {
  return {
    id: line.id,
    price: toMajor(line.priceMinor),
    currency,
    category: { id: line.categoryId, slug: line.slug, name: line.name, icon: line.icon, single_line: line.singleLine },
    groups: line.groupId === null ? null : { id: line.groupId, name: line.groupName ?? "" },
  };
}
