import { plain } from "@skillshelf/shared/i18n/message.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import {
  invitationCodeSchema,
  TEAM_MESSAGES,
  teamInvitationSchema,
  teamInviteSchema,
  teamMessage,
  teamMoreSeatsSchema,
  teamSeatSchema,
  volumeTiersSchema,
} from "@skillshelf/shared/teams.ts";
import { z } from "zod";
import { addToCart } from "../cart/cart.ts";
import { claimSeat } from "../teams/claim-seat.ts";
import { inviteByMail, resendInvitations, revokeInvitation, teamOf } from "../teams/invitations.ts";
import { releaseSeat } from "../teams/release-seat.ts";
import { saveVolumeTiers } from "../teams/volume-tiers.ts";
import { defineOperation } from "./operation.ts";
import { enforceLimit } from "./rate-limits.ts";

/** A signed-in learner claims a seat with an invitation's code (the link /teams/join/{code}). */
export const claimSeatOperation = defineOperation({
  name: "teams.join",
  who: "learner",
  input: invitationCodeSchema,
  run: async ({ app, actor }, { code }) => {
    const claimed = await claimSeat(app.database.db, { code, userId: actor.userId, now: app.clock() });
    return {
      message: teamMessage("claimed", { name: claimed.title }),
      data: { team_id: claimed.teamId, seat_id: claimed.seatId },
    };
  },
});

/** The seat manager mails invitations, each with its own link, in the invitee's language when known. */
export const inviteOperation = defineOperation({
  name: "teams.invite",
  who: "learner",
  input: teamInviteSchema,
  limit: { policy: "teamInvitations" },
  run: async ({ app, actor, request, reply }, { id, emails }) => {
    await enforceLimit(request, reply, "teamInvitations", "account", String(actor.userId));
    const { sent } = await inviteByMail(app.database.db, {
      teamId: id,
      buyerId: actor.userId,
      emails,
      storeUrl: app.config.publicUrl,
      now: app.clock(),
    });
    return { message: teamMessage("invited", { count: sent }), data: { sent } };
  },
});

/** The seat manager revokes an invitation (the team's link is replaced by a new one). */
export const revokeInvitationOperation = defineOperation({
  name: "teams.invitations.revoke",
  who: "learner",
  input: teamInvitationSchema,
  run: async ({ app, actor }, { id, invitation_id }) => {
    await revokeInvitation(app.database.db, {
      teamId: id,
      buyerId: actor.userId,
      invitationId: invitation_id,
      now: app.clock(),
    });
    return { message: plain(TEAM_MESSAGES.revoked), data: null };
  },
});

/** The seat manager releases a claimed seat: its holder loses access, the seat is free again. */
export const releaseSeatOperation = defineOperation({
  name: "teams.seats.release",
  who: "learner",
  input: teamSeatSchema,
  run: async ({ app, actor }, { id, seat_id }) => {
    await releaseSeat(app.database.db, {
      teamId: id,
      seatId: seat_id,
      buyerId: actor.userId,
      storeUrl: app.config.publicUrl,
      now: app.clock(),
    });
    return { message: plain(TEAM_MESSAGES.released), data: null };
  },
});

/** More seats of a team purchase, at its unit price, into the manager's cart (paid like any order). */
export const moreSeatsOperation = defineOperation({
  name: "teams.seats.more",
  who: "learner",
  input: teamMoreSeatsSchema,
  run: async ({ app, actor }, { id, seats }) => {
    const team = await teamOf(app.database.db, id, actor.userId);
    const item = await addToCart({
      db: app.database.db,
      userId: actor.userId,
      subCategoryId: team.categoryId,
      groupId: team.groupId,
      seats,
      teamId: team.id,
      currency: app.config.storeCurrency,
    });
    return { message: teamMessage("moreSeatsAdded", { count: seats }), data: item };
  },
});

/** The operator sets the volume discount tiers of team seats (none: no discount). */
export const volumeTiersOperation = defineOperation({
  name: "admin.teams.tiers",
  who: "operator",
  audit: { action: "team.tiers_set", object: () => ({ type: "setting", id: "team_volume_tiers" }) },
  input: volumeTiersSchema,
  run: async ({ app }, { tiers }) => ({
    message: plain(TEAM_MESSAGES.tiersSaved),
    data: { tiers: await saveVolumeTiers(app.database.db, tiers, app.clock()) },
  }),
});

/** An operator releases any claimed seat (the 30-day rule holds for them too). */
export const operatorReleaseSeatOperation = defineOperation({
  name: "admin.teams.seats.release",
  who: "operator",
  audit: { action: "team.seat_released", object: ({ seat_id }) => ({ type: "team_seat", id: seat_id }) },
  input: teamSeatSchema,
  run: async ({ app }, { id, seat_id }) => {
    await releaseSeat(app.database.db, {
      teamId: id,
      seatId: seat_id,
      storeUrl: app.config.publicUrl,
      now: app.clock(),
    });
    return { message: plain(TEAM_MESSAGES.released), data: null };
  },
});

/** An operator mails a team's open invitations again. */
export const resendInvitationsOperation = defineOperation({
  name: "admin.teams.invitations.resend",
  who: "operator",
  audit: { action: "team.invitations_resent", object: ({ id }) => ({ type: "team_purchase", id }) },
  input: z.object({ id: rowId() }),
  run: async ({ app }, { id }) => {
    const { sent } = await resendInvitations(app.database.db, {
      teamId: id,
      storeUrl: app.config.publicUrl,
      now: app.clock(),
    });
    return { message: teamMessage("resent", { count: sent }), data: { sent } };
  },
});
