/**
 * The numbers of team seats (decision 0056), apart from teams.ts and its schemas: a listing's
 * "For my team" form needs them, and its page must not carry zod.
 */

export const MIN_TEAM_SEATS = 2;
export const MAX_TEAM_SEATS = 500;
/** A seat is released at most once in this many days. */
export const SEAT_RELEASE_DAYS = 30;
/** The most volume discount tiers an operator sets. */
export const MAX_VOLUME_TIERS = 10;
/** At most this many addresses in one invitation form. */
export const MAX_INVITATIONS = 50;
