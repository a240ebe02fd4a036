import { EMAIL_PATTERN } from "./account-forms.ts";
import type { Message, MessageValue } from "./i18n/message.ts";
import { rowId } from "./ids.ts";
import { MAX_INVITATIONS, MAX_TEAM_SEATS, MAX_VOLUME_TIERS, MIN_TEAM_SEATS } from "./team-limits.ts";
import { z } from "./zod.ts";

/**
 * Teams buy seats (decision 0056): how many seats a team purchase may have, the operator's
 * volume discount tiers, the seat manager's forms, and the messages of all of it.
 */

export const TEAM_MESSAGES = {
  seats: "Seats must be a whole number from 2 to 500.",
  moreSeats: "Seats must be a whole number from 1 to 500.",
  tiers: "Each tier needs its seats (2 to 500, each more than the last) and a percent off (1 to 90).",
  tiersSaved: "The volume discounts are saved.",
  notFound: "Team purchase not found",
  invitationGone: "This invitation is no longer valid. Ask your team's seat manager for a new one.",
  noSeatLeft: "Every seat of this team purchase is taken. Ask your team's seat manager for more.",
  holdsSeat: "You already hold a seat of this team purchase.",
  owned: "You already own {{name}}, so you do not need a seat.",
  claimed: "Your seat is claimed: {{name}} is in My Items.",
  emailsRequired: "Enter at least one e-mail address.",
  emailInvalid: "{{email}} is not a valid e-mail address.",
  tooManyEmails: "At most 50 addresses at a time.",
  invited: "Invitations sent: {{count}}.",
  revoked: "The invitation is revoked.",
  invitationNotFound: "Invitation not found",
  linkMade: "A new invitation link is ready.",
  released: "The seat is free again; its holder no longer has access.",
  seatNotFound: "Seat not found",
  seatFree: "This seat is not claimed.",
  releasedRecently: "This seat was released less than 30 days ago: it can be released again from {{moment}}.",
  moreSeatsAdded: "{{count}} more seats are in your cart.",
  refundedSeats: "Unclaimed seats refunded: {{count}}.",
  nothingToRefund: "Every seat of this order is claimed: there is nothing left to refund.",
  resent: "Invitations sent again: {{count}}.",
} as const;

/** A team message by its name, with the values of its placeholders: `teamMessage("owned", { name })`. */
export const teamMessage = (name: keyof typeof TEAM_MESSAGES, values?: Record<string, MessageValue>): Message =>
  values ? { key: TEAM_MESSAGES[name], values } : { key: TEAM_MESSAGES[name] };

/** A number of seats from a body or a form (digits in a string, as a form posts them). */
const seatCount = (min: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(MAX_TEAM_SEATS, message);

/** A new team purchase's seats: 2 to 500; an empty form field means none (one, for the buyer). */
export const teamSeatsField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  seatCount(MIN_TEAM_SEATS, TEAM_MESSAGES.seats).optional(),
);

/** More seats for a team purchase: 1 to 500. */
export const moreSeatsSchema = z.object({ seats: seatCount(1, TEAM_MESSAGES.moreSeats) });

/** A tier of the volume discount: from `min_seats` seats on, `percent` off the seats' price. */
export const volumeTierSchema = z.object({
  min_seats: seatCount(MIN_TEAM_SEATS, TEAM_MESSAGES.tiers),
  percent: z.coerce.number({ error: TEAM_MESSAGES.tiers }).int(TEAM_MESSAGES.tiers).min(1).max(90, TEAM_MESSAGES.tiers),
});
export type VolumeTier = z.infer<typeof volumeTierSchema>;

/** The operator's tiers (none: no volume discount), each from more seats than the last. */
export const volumeTiersSchema = z.object({
  tiers: z
    .array(volumeTierSchema, { error: TEAM_MESSAGES.tiers })
    .max(MAX_VOLUME_TIERS, TEAM_MESSAGES.tiers)
    .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.min_seats > (tiers[i - 1]?.min_seats ?? 0)), {
      message: TEAM_MESSAGES.tiers,
    }),
});

/** The percent off `seats` seats: the largest tier they reach; 0 below every tier. */
export function volumePercent(tiers: readonly VolumeTier[], seats: number): number {
  let percent = 0;
  for (const tier of tiers) if (seats >= tier.min_seats) percent = tier.percent;
  return percent;
}

/**
 * The operator's tiers form: rows `tiers.N.min_seats` and `tiers.N.percent`, as a form posts them. Blank
 * rows after the last filled one are left out; a blank or half-filled row before it is an error of its
 * own (its path names the row, which the page shows under it).
 */
export const volumeTiersFormSchema = z.preprocess((value) => {
  if (typeof value !== "object" || value === null || "tiers" in value) return value;
  const fields = value as Record<string, unknown>;
  const rows: { min_seats: unknown; percent: unknown }[] = [];
  for (let i = 0; i < MAX_VOLUME_TIERS; i++) {
    rows.push({ min_seats: fields[`tiers.${i}.min_seats`] ?? "", percent: fields[`tiers.${i}.percent`] ?? "" });
  }
  while (rows.length > 0 && rows.at(-1)?.min_seats === "" && rows.at(-1)?.percent === "") rows.pop();
  return { tiers: rows };
}, volumeTiersSchema);

/** A seat or a team purchase an operator's form acts on (the order's page). */
export const teamSeatFormSchema = z.object({ team_id: rowId(), seat_id: rowId() });
export const teamFormSchema = z.object({ team_id: rowId() });

/** Addresses from a form's text (one per line, or separated by commas or spaces) or the API's list. */
const addresses = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(/[\s,;]+/)
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  z
    .array(z.string({ error: TEAM_MESSAGES.emailsRequired }).trim().toLowerCase(), {
      error: TEAM_MESSAGES.emailsRequired,
    })
    .min(1, TEAM_MESSAGES.emailsRequired)
    .max(MAX_INVITATIONS, TEAM_MESSAGES.tooManyEmails),
);

/** The seat manager's invitation form: addresses to mail a link each. */
export const inviteSchema = z.object({ emails: addresses });

/** Whether an address is one an invitation can be mailed to. */
export const isEmailAddress = (email: string) => email.length <= 254 && EMAIL_PATTERN.test(email);

/** The invitation form of one team purchase (the API takes its id from the path, a page from the form). */
export const teamInviteSchema = inviteSchema.extend({ id: rowId() });

/** More seats of one team purchase (the API takes its id from the path, a page from the form). */
export const teamMoreSeatsSchema = moreSeatsSchema.extend({ id: rowId() });

/** A team purchase, and one of its seats or invitations, named in a path. */
export const teamIdSchema = z.object({ id: rowId() });
export const teamSeatSchema = z.object({ id: rowId(), seat_id: rowId() });
export const teamInvitationSchema = z.object({ id: rowId(), invitation_id: rowId() });

/** What an invitation's page shows before the seat is claimed: what the seat gives. */
export interface InvitationView {
  /** The material: "Docker", or "Docker: Basics" for one group. */
  title: string;
  /** The artefact's listing. */
  slug: string;
  /** Why the signed-in reader may not claim it (they hold a seat of it, or own the material); null when they may, or for a visitor. */
  refusal: Message | null;
}

/** An invitation's code, from the link (43 URL-safe characters, 256 random bits): any other is unknown (404). */
export const invitationCodeSchema = z.object({
  code: z.string().trim().min(1, TEAM_MESSAGES.invitationGone).max(200, TEAM_MESSAGES.invitationGone),
});

/** One claimed seat as the seat manager sees it: who, since when, and how far they have read. */
export const teamHolderSchema = z.object({
  seat_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  claimed_at: z.string().describe("ISO 8601"),
  done: z.number().int().describe("articles of the material the holder has done"),
  total: z.number().int().describe("articles of the material"),
});
export type TeamHolder = z.infer<typeof teamHolderSchema>;

/** An invitation that still holds: the team's link (no e-mail) or a mailed one not used yet. */
export const teamInvitationViewSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable().describe("null: the team's link to copy"),
  url: z.string(),
  sent_at: z.string().nullable(),
});

/** A team purchase as its seat manager (GET /api/teams) and the operators see it. */
export const teamViewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  name: z.string(),
  group_name: z.string().nullable(),
  slug: z.string(),
  currency: z.string(),
  unit_price: z.number().describe("one seat, after the volume discount: more seats cost this each"),
  seats: z.number().int().describe("seats paid and not refunded"),
  claimed: z.number().int(),
  refunded: z.boolean().describe("the team's order was refunded whole: its seats give no access"),
  created_at: z.string(),
  holders: z.array(teamHolderSchema),
  /** Free seats released less than 30 days ago cannot be released again until then; claimed ones likewise. */
  invitations: z.array(teamInvitationViewSchema),
});
export type TeamView = z.infer<typeof teamViewSchema>;
