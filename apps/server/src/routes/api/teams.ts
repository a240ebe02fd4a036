import { cartItemSchema, okEnvelope } from "@skillshelf/shared/api.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import {
  invitationCodeSchema,
  inviteSchema,
  moreSeatsSchema,
  teamInvitationSchema,
  teamSeatSchema,
  teamViewSchema,
  volumeTierSchema,
  volumeTiersSchema,
} from "@skillshelf/shared/teams.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoute } from "../../operations/api-route.ts";
import { actorOf, admit } from "../../operations/guard.ts";
import {
  claimSeatOperation,
  inviteOperation,
  moreSeatsOperation,
  operatorReleaseSeatOperation,
  releaseSeatOperation,
  resendInvitationsOperation,
  revokeInvitationOperation,
  volumeTiersOperation,
} from "../../operations/teams.ts";
import { readTeams } from "../../teams/read-teams.ts";
import { readVolumeTiers } from "../../teams/volume-tiers.ts";
import { answers, DONE, SIGNED_IN } from "./openapi.ts";

const tags = ["teams"];
const teamId = z.object({ id: rowId() });
const sent = answers(okEnvelope({ data: z.object({ sent: z.number().int() }) }));

/** The seat manager's team purchases, and claiming a seat with an invitation: signed-in learners only. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", admit("learner"));

  app.get(
    "/teams",
    {
      schema: {
        summary: "The learner's team purchases: seats, claimed seats, holders and their progress, open invitations",
        tags,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: z.array(teamViewSchema) })),
      },
    },
    async (request) => ({
      status: true,
      message: "Teams fetched successfully",
      data: await readTeams(app.database.db, {
        buyerId: (await actorOf("learner", request)).userId,
        storeUrl: app.config.publicUrl,
      }),
    }),
  );

  apiRoute(app, claimSeatOperation, {
    method: "POST",
    url: "/teams/join/:code",
    schema: {
      summary: "Claim a seat of a team purchase with an invitation's code",
      description:
        "Grants the learner the material, as a purchase would, in one transaction with the seat. 404 for a revoked, used or unknown invitation; 409 when no seat is left, the learner holds one already, or owns the material.",
      tags,
      params: invitationCodeSchema,
      response: answers(okEnvelope({ data: z.object({ team_id: z.number().int(), seat_id: z.number().int() }) })),
    },
    input: ({ params }) => params,
  });

  apiRoute(app, inviteOperation, {
    method: "POST",
    url: "/teams/:id/invitations",
    schema: {
      summary: "Mail invitations to claim a seat, one link per address, in the invitee's language when known",
      description: "Body: `emails`, a list of up to 50 addresses. An address with an open invitation gets it again.",
      tags,
      params: teamId,
      body: inviteSchema,
      response: sent,
    },
    input: ({ params, body }) => ({ id: params.id, emails: body.emails }),
  });

  apiRoute(app, revokeInvitationOperation, {
    method: "POST",
    url: "/teams/:id/invitations/:invitation_id/revoke",
    schema: {
      summary: "Revoke an invitation (the team's link is replaced by a new one)",
      tags,
      params: teamInvitationSchema,
      response: answers(DONE),
    },
    input: ({ params }) => params,
  });

  apiRoute(app, releaseSeatOperation, {
    method: "POST",
    url: "/teams/:id/seats/:seat_id/release",
    schema: {
      summary: "Release a claimed seat: its holder loses access and the seat is free again",
      description: "409 when the seat is free, or was released less than 30 days ago (the message says from when).",
      tags,
      params: teamSeatSchema,
      response: answers(DONE),
    },
    input: ({ params }) => params,
  });

  apiRoute(app, moreSeatsOperation, {
    method: "POST",
    url: "/teams/:id/seats",
    schema: {
      summary: "Put more seats of a team purchase in the cart, at its unit price",
      tags,
      params: teamId,
      body: moreSeatsSchema,
      response: answers(okEnvelope({ data: cartItemSchema }), 201),
    },
    status: 201,
    input: ({ params, body }) => ({ id: params.id, seats: body.seats }),
  });
};

/** The operators' side of teams (under /api/admin, which admits operators only). */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tiersAnswer = answers(okEnvelope({ data: z.object({ tiers: z.array(volumeTierSchema) }) }));
  app.get(
    "/teams/tiers",
    {
      schema: {
        summary: "The volume discount tiers of team seats (none: no discount)",
        tags,
        ...SIGNED_IN,
        response: tiersAnswer,
      },
    },
    async () => ({
      status: true,
      message: "Tiers fetched successfully",
      data: { tiers: await readVolumeTiers(app.database.db) },
    }),
  );

  apiRoute(app, volumeTiersOperation, {
    method: "PUT",
    url: "/teams/tiers",
    schema: {
      summary: "Set the volume discount tiers of team seats",
      description:
        "Body: `tiers`, up to 10 of `{ min_seats, percent }`, each from more seats than the last; an empty list removes the discount.",
      tags,
      body: volumeTiersSchema,
      response: tiersAnswer,
    },
  });

  apiRoute(app, operatorReleaseSeatOperation, {
    method: "POST",
    url: "/teams/:id/seats/:seat_id/release",
    schema: { summary: "Release any claimed seat", tags, params: teamSeatSchema, response: answers(DONE) },
    input: ({ params }) => params,
  });

  apiRoute(app, resendInvitationsOperation, {
    method: "POST",
    url: "/teams/:id/invitations/resend",
    schema: { summary: "Mail a team's open invitations again", tags, params: teamId, response: sent },
    input: ({ params }) => params,
  });
};
