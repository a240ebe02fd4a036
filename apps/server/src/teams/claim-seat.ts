import type { Message } from "@skillshelf/shared/i18n/message.ts";
import { type InvitationView, TEAM_MESSAGES, teamMessage } from "@skillshelf/shared/teams.ts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { ownsContent } from "../cart/ownership.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { categories, orders, teamInvitations, teamPurchases, teamSeats } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { grantAccess } from "../orders/grant-access.ts";
import { lineName } from "../payments/quote.ts";

/** An invitation's team purchase, when the invitation still holds and the purchase's order stands. */
async function invitationOf(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      invitationId: teamInvitations.id,
      email: teamInvitations.email,
      teamId: teamPurchases.id,
      categoryId: teamPurchases.categoryId,
      groupId: teamPurchases.groupId,
      name: teamPurchases.name,
      groupName: teamPurchases.groupName,
      slug: categories.slug,
    })
    .from(teamInvitations)
    .innerJoin(teamPurchases, eq(teamPurchases.id, teamInvitations.teamId))
    .innerJoin(categories, eq(categories.id, teamPurchases.categoryId))
    .innerJoin(orders, eq(orders.id, teamPurchases.orderId))
    .where(
      and(
        eq(teamInvitations.code, code),
        isNull(teamInvitations.revokedAt),
        isNull(teamInvitations.usedAt),
        isNull(orders.refundState),
      ),
    );
  if (!row) throw new AppError("not_found", TEAM_MESSAGES.invitationGone);
  return { ...row, title: lineName(row) };
}

type Invitation = Awaited<ReturnType<typeof invitationOf>>;

/** Why this learner may not claim a seat of the invitation's purchase: they hold one already, or own what it covers. */
async function refusalOf(db: DbOrTx, invitation: Invitation, userId: number): Promise<Message | null> {
  const [held] = await db
    .select({ id: teamSeats.id })
    .from(teamSeats)
    .where(and(eq(teamSeats.teamId, invitation.teamId), eq(teamSeats.holderId, userId)));
  if (held) return teamMessage("holdsSeat");
  if (await ownsContent(db, userId, invitation)) return teamMessage("owned", { name: invitation.title });
  return null;
}

/**
 * What an invitation's page shows: the material its seat gives, and for a signed-in learner
 * why they may not claim it, if so, before they try (a 404 AppError when it no longer holds).
 */
export async function readInvitation(db: DbOrTx, code: string, userId: number | null): Promise<InvitationView> {
  const invitation = await invitationOf(db, code);
  const refusal = userId === null ? null : await refusalOf(db, invitation, userId);
  return { title: invitation.title, slug: invitation.slug, refusal };
}

/**
 * A learner claims one seat with an invitation's code, in one transaction: the purchase's row is
 * locked, so claims of its seats take turns and two learners never take the last one; then the
 * learner must not hold a seat of it already, nor own what it covers (409, saying which), a free
 * seat is taken (409 when none is left), the access is granted as fulfilment grants it (under the
 * team's order, naming the seat), and a mailed invitation is used up.
 */
export async function claimSeat(db: Db, options: { code: string; userId: number; now: Date }) {
  const { code, userId, now } = options;
  return db.transaction(async (tx) => {
    const { teamId } = await invitationOf(tx, code);
    await tx.select({ id: teamPurchases.id }).from(teamPurchases).where(eq(teamPurchases.id, teamId)).for("update");
    // Read again under the lock: a mailed invitation another claim has just used, or a link revoked
    // meanwhile, claims nothing.
    const invitation = await invitationOf(tx, code);
    const refusal = await refusalOf(tx, invitation, userId);
    if (refusal) throw new AppError("conflict", refusal);
    const [seat] = await tx
      .select({ id: teamSeats.id, orderId: teamSeats.orderId })
      .from(teamSeats)
      .where(and(eq(teamSeats.teamId, invitation.teamId), isNull(teamSeats.holderId), isNull(teamSeats.removedAt)))
      .orderBy(asc(teamSeats.id))
      .limit(1);
    if (!seat) throw new AppError("conflict", TEAM_MESSAGES.noSeatLeft);
    await tx.update(teamSeats).set({ holderId: userId, claimedAt: now }).where(eq(teamSeats.id, seat.id));
    await grantAccess(tx, [
      {
        userId,
        categoryId: invitation.categoryId,
        groupId: invitation.groupId,
        orderId: seat.orderId,
        seatId: seat.id,
        createdAt: now,
      },
    ]);
    if (invitation.email !== null) {
      await tx.update(teamInvitations).set({ usedAt: now }).where(eq(teamInvitations.id, invitation.invitationId));
    }
    return { seatId: seat.id, teamId: invitation.teamId, title: invitation.title };
  });
}
