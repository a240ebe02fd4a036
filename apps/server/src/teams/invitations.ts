import { randomBytes } from "node:crypto";
import { isEmailAddress, TEAM_MESSAGES, teamMessage } from "@skillshelf/shared/teams.ts";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { teamInvitations, teamPurchases, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { enqueueMails } from "../mail/outbox.ts";
import { teamInvitationMail } from "../mail/templates.ts";
import { lineName } from "../payments/quote.ts";

/** A new invitation code: 256 random bits, URL-safe, unguessable. */
const newInvitationCode = () => randomBytes(32).toString("base64url");

/** The claim page of an invitation code. */
export const invitationUrl = (storeUrl: string, code: string) => `${storeUrl}/teams/join/${code}`;

/** A team purchase of this buyer (any buyer for an operator: `buyerId` undefined), or 404. */
export async function teamOf(db: DbOrTx, teamId: number, buyerId?: number) {
  const [team] = await db
    .select({
      id: teamPurchases.id,
      buyerId: teamPurchases.buyerId,
      name: teamPurchases.name,
      groupName: teamPurchases.groupName,
      categoryId: teamPurchases.categoryId,
      groupId: teamPurchases.groupId,
      orderId: teamPurchases.orderId,
    })
    .from(teamPurchases)
    .where(and(eq(teamPurchases.id, teamId), buyerId === undefined ? undefined : eq(teamPurchases.buyerId, buyerId)));
  if (!team) throw new AppError("not_found", TEAM_MESSAGES.notFound);
  return team;
}

/** The team's link to copy (an invitation with no address, good for any number of claims), made with the purchase. */
export async function addTeamLink(tx: DbOrTx, teamId: number, now: Date): Promise<void> {
  await tx.insert(teamInvitations).values({ teamId, code: newInvitationCode(), createdAt: now });
}

/**
 * Mails an invitation to each address, each with its own code, in the invitee's language when they
 * have an account (else the manager's). An address invited before and not yet used gets its
 * invitation again. Written to the outbox with the invitations: both are kept, or neither.
 */
export async function inviteByMail(
  db: Db,
  options: { teamId: number; buyerId?: number; emails: string[]; storeUrl: string; now: Date },
): Promise<{ sent: number }> {
  const { teamId, now, storeUrl } = options;
  const emails = [...new Set(options.emails)];
  const bad = emails.find((email) => !isEmailAddress(email));
  if (bad) {
    const message = teamMessage("emailInvalid", { email: bad });
    throw new AppError("invalid", message, { emails: message });
  }
  return db.transaction(async (tx) => {
    const team = await teamOf(tx, teamId, options.buyerId);
    const [manager] = await tx
      .select({ name: users.name, language: users.language })
      .from(users)
      .where(eq(users.id, team.buyerId));
    const known = await tx
      .select({ email: sql<string>`lower(${users.email})`, name: users.name, language: users.language })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const open = await tx
      .select({ id: teamInvitations.id, email: teamInvitations.email, code: teamInvitations.code })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          inArray(teamInvitations.email, emails),
          isNull(teamInvitations.revokedAt),
          isNull(teamInvitations.usedAt),
        ),
      );
    const mails = [];
    for (const email of emails) {
      const invitee = known.find((k) => k.email === email);
      const language = invitee?.language ?? manager?.language ?? null;
      let code = open.find((o) => o.email === email)?.code;
      if (code === undefined) {
        code = newInvitationCode();
        await tx.insert(teamInvitations).values({ teamId, code, email, language, createdAt: now, sentAt: now });
      } else {
        await tx.update(teamInvitations).set({ sentAt: now, language }).where(eq(teamInvitations.code, code));
      }
      mails.push(
        await teamInvitationMail(
          { name: invitee?.name ?? email, email, language },
          { manager: manager?.name ?? "", item: lineName(team), url: invitationUrl(storeUrl, code) },
        ),
      );
    }
    await enqueueMails(tx, mails, now);
    return { sent: emails.length };
  });
}

/** Mails every open invitation of the team again (an operator's help): answers how many. */
export async function resendInvitations(
  db: Db,
  options: { teamId: number; storeUrl: string; now: Date },
): Promise<{ sent: number }> {
  const open = await db
    .select({ email: teamInvitations.email })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, options.teamId),
        isNotNull(teamInvitations.email),
        isNull(teamInvitations.revokedAt),
        isNull(teamInvitations.usedAt),
      ),
    )
    .orderBy(asc(teamInvitations.id));
  const emails = open.flatMap((o) => (o.email === null ? [] : [o.email]));
  await teamOf(db, options.teamId);
  if (emails.length === 0) return { sent: 0 };
  return inviteByMail(db, { ...options, emails });
}

/**
 * Revokes an invitation: its link claims nothing from now on. Revoking the team's link makes a new
 * one (the manager always has a link to copy).
 */
export async function revokeInvitation(
  db: Db,
  options: { teamId: number; buyerId: number; invitationId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await teamOf(tx, options.teamId, options.buyerId);
    const [revoked] = await tx
      .update(teamInvitations)
      .set({ revokedAt: options.now })
      .where(
        and(
          eq(teamInvitations.id, options.invitationId),
          eq(teamInvitations.teamId, options.teamId),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .returning({ email: teamInvitations.email });
    if (!revoked) throw new AppError("not_found", TEAM_MESSAGES.invitationNotFound);
    if (revoked.email === null) await addTeamLink(tx, options.teamId, options.now);
  });
}
