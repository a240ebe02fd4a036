import { toMajor } from "@skillshelf/shared/money.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import {
  categories,
  contents,
  orders,
  readingProgress,
  teamInvitations,
  teamPurchases,
  teamSeats,
  users,
} from "../db/schema/index.ts";
import { invitationUrl } from "./invitations.ts";

/**
 * Team purchases with their seats, holders (with how far each has read the material: done of
 * total articles) and open invitations: the buyer's (`buyerId`), or those of some orders (`orderIds`,
 * for the operators), newest first.
 */
export async function readTeams(
  db: DbOrTx,
  scope: { buyerId?: number; orderIds?: number[]; storeUrl: string },
): Promise<TeamView[]> {
  if (scope.orderIds?.length === 0) return [];
  const teams = await db
    .select({
      id: teamPurchases.id,
      orderId: teamPurchases.orderId,
      orderNumber: orders.orderNumber,
      refundState: orders.refundState,
      name: teamPurchases.name,
      groupName: teamPurchases.groupName,
      categoryId: teamPurchases.categoryId,
      groupId: teamPurchases.groupId,
      slug: categories.slug,
      currency: teamPurchases.currency,
      unitPriceMinor: teamPurchases.unitPriceMinor,
      createdAt: teamPurchases.createdAt,
    })
    .from(teamPurchases)
    .innerJoin(orders, eq(orders.id, teamPurchases.orderId))
    .innerJoin(categories, eq(categories.id, teamPurchases.categoryId))
    .where(
      and(
        scope.buyerId === undefined ? undefined : eq(teamPurchases.buyerId, scope.buyerId),
        scope.orderIds === undefined
          ? undefined
          : or(
              inArray(teamPurchases.orderId, scope.orderIds),
              inArray(
                teamPurchases.id,
                db.select({ id: teamSeats.teamId }).from(teamSeats).where(inArray(teamSeats.orderId, scope.orderIds)),
              ),
            ),
      ),
    )
    .orderBy(desc(teamPurchases.createdAt), desc(teamPurchases.id));
  if (teams.length === 0) return [];
  const ids = teams.map((t) => t.id);
  const seats = await db
    .select({ teamId: teamSeats.teamId, seats: count() })
    .from(teamSeats)
    .where(and(inArray(teamSeats.teamId, ids), isNull(teamSeats.removedAt)))
    .groupBy(teamSeats.teamId);
  // The material's articles: the artefact's, or the group's.
  const covered = and(
    eq(contents.categoryId, teamPurchases.categoryId),
    or(isNull(teamPurchases.groupId), eq(contents.groupId, teamPurchases.groupId)),
  );
  const holders = await db
    .select({
      teamId: teamSeats.teamId,
      seatId: teamSeats.id,
      name: users.name,
      email: users.email,
      claimedAt: teamSeats.claimedAt,
      total: sql<number>`(select count(*)::int from ${contents} where ${covered})`,
      done: sql<number>`(select count(*)::int from ${contents} inner join ${readingProgress}
        on ${readingProgress.contentId} = ${contents.id} and ${readingProgress.userId} = ${users.id} where ${covered})`,
    })
    .from(teamSeats)
    .innerJoin(teamPurchases, eq(teamPurchases.id, teamSeats.teamId))
    .innerJoin(users, eq(users.id, teamSeats.holderId))
    .where(and(inArray(teamSeats.teamId, ids), isNotNull(teamSeats.holderId), isNull(teamSeats.removedAt)))
    .orderBy(asc(teamSeats.claimedAt), asc(teamSeats.id));
  const invitations = await db
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.teamId,
      email: teamInvitations.email,
      code: teamInvitations.code,
      sentAt: teamInvitations.sentAt,
    })
    .from(teamInvitations)
    .where(and(inArray(teamInvitations.teamId, ids), isNull(teamInvitations.revokedAt), isNull(teamInvitations.usedAt)))
    .orderBy(asc(teamInvitations.id));
  return teams.map((team) => {
    const mine = holders.filter((h) => h.teamId === team.id);
    return {
      id: team.id,
      order_id: team.orderId,
      order_number: team.orderNumber,
      name: team.name,
      group_name: team.groupName,
      slug: team.slug,
      currency: team.currency,
      unit_price: toMajor(team.unitPriceMinor, team.currency),
      seats: seats.find((s) => s.teamId === team.id)?.seats ?? 0,
      claimed: mine.length,
      refunded: team.refundState !== null,
      created_at: team.createdAt.toISOString(),
      holders: mine.map((h) => ({
        seat_id: h.seatId,
        name: h.name,
        email: h.email,
        claimed_at: (h.claimedAt ?? team.createdAt).toISOString(),
        done: h.done,
        total: h.total,
      })),
      invitations: invitations
        .filter((i) => i.teamId === team.id)
        .map((i) => ({
          id: i.id,
          email: i.email,
          url: invitationUrl(scope.storeUrl, i.code),
          sent_at: i.sentAt?.toISOString() ?? null,
        })),
    };
  });
}
