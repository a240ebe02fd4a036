import { SEAT_RELEASE_DAYS } from "@skillshelf/shared/team-limits.ts";
import { TEAM_MESSAGES, teamMessage } from "@skillshelf/shared/teams.ts";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { entitlements, teamSeats, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { seatEndedMail } from "../mail/templates.ts";
import { lineName } from "../payments/quote.ts";
import { teamOf } from "./invitations.ts";

const RELEASE_GAP_MS = SEAT_RELEASE_DAYS * 24 * 3600_000;

/**
 * Releases a claimed seat (the manager's, or any for an operator: `buyerId` undefined): its holder
 * loses the access it gave at once, and the seat is free for another claim. A seat is released at
 * most once in 30 days (409 saying from when), so seats are not passed round a larger team.
 */
export async function releaseSeat(
  db: Db,
  options: { teamId: number; seatId: number; buyerId?: number; storeUrl: string; now: Date },
): Promise<{ holderId: number }> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const team = await teamOf(tx, options.teamId, options.buyerId);
    const [seat] = await tx
      .select({ id: teamSeats.id, holderId: teamSeats.holderId, releasedAt: teamSeats.releasedAt })
      .from(teamSeats)
      .where(and(eq(teamSeats.id, options.seatId), eq(teamSeats.teamId, options.teamId), isNull(teamSeats.removedAt)))
      .for("update");
    if (!seat) throw new AppError("not_found", TEAM_MESSAGES.seatNotFound);
    if (seat.holderId === null) throw new AppError("conflict", TEAM_MESSAGES.seatFree);
    if (seat.releasedAt && now.getTime() - seat.releasedAt.getTime() < RELEASE_GAP_MS) {
      const from = new Date(seat.releasedAt.getTime() + RELEASE_GAP_MS);
      throw new AppError("conflict", teamMessage("releasedRecently", { moment: from }));
    }
    await tx
      .update(teamSeats)
      .set({ holderId: null, claimedAt: null, releasedAt: now })
      .where(eq(teamSeats.id, seat.id));
    await tx
      .update(entitlements)
      .set({ revokedAt: now })
      .where(and(eq(entitlements.seatId, seat.id), isNull(entitlements.revokedAt)));
    // The holder hears of it with the change: both are kept, or neither.
    const [holder] = await tx
      .select({ name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, seat.holderId));
    if (holder) {
      await enqueueMail(
        tx,
        await seatEndedMail(holder, { item: lineName(team), reason: "released" }, options.storeUrl),
        now,
      );
    }
    return { holderId: seat.holderId };
  });
}
