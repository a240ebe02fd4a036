import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { type PaymentLine, teamPurchases, teamSeats } from "../db/schema/index.ts";
import { addTeamLink } from "./invitations.ts";

/**
 * The team purchases of a paid order, in the fulfilment's transaction: each line with seats makes a
 * new purchase with that many free seats, or adds them to the buyer's purchase it names. The buyer
 * gets no access: they claim a seat like anyone else.
 */
export async function addTeamSeats(
  tx: DbOrTx,
  order: { id: number; buyerId: number; currency: string; lines: PaymentLine[]; now: Date },
): Promise<void> {
  for (const line of order.lines) {
    if (line.seats === undefined) continue;
    let teamId = line.teamId;
    if (teamId !== undefined) {
      const [mine] = await tx
        .select({ id: teamPurchases.id })
        .from(teamPurchases)
        .where(and(eq(teamPurchases.id, teamId), eq(teamPurchases.buyerId, order.buyerId)));
      teamId = mine?.id;
    }
    if (teamId === undefined) {
      const [made] = await tx
        .insert(teamPurchases)
        .values({
          buyerId: order.buyerId,
          orderId: order.id,
          categoryId: line.categoryId,
          groupId: line.groupId,
          name: line.name,
          groupName: line.groupName,
          // What one seat cost after the volume discount: the price of more seats later.
          unitPriceMinor: Math.round(line.priceMinor / line.seats),
          currency: order.currency,
          createdAt: order.now,
        })
        .returning({ id: teamPurchases.id });
      if (!made) throw new Error("team purchase insert returned nothing");
      teamId = made.id;
      await addTeamLink(tx, teamId, order.now);
    }
    const id = teamId;
    await tx
      .insert(teamSeats)
      .values(Array.from({ length: line.seats }, () => ({ teamId: id, orderId: order.id, createdAt: order.now })));
  }
}
