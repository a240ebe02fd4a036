// Plain constants, read both by the tests and by seed-learner.ts, which runs under plain node before the store starts.

/**
 * One learner for every purchase test file. Made by seed-learner.ts rather
 * than registered, so that they can own something bought long ago, with a
 * session made there too (STYLE.md: fixtures sign in by creating a session
 * directly), which the files share (purchase.ts).
 */
export const LEARNER = {
  name: "Pat Purchaser",
  email: "pat.purchaser@example.test",
  password: "Purchase#2026",
  /** The access-token cookie of the learner's session; a throwaway store's, valid 12 hours from the seed. */
  sessionToken: "e2e-purchase-learner-session-token-not-a-secret",
} as const;

/** What the learner bought 8 days ago: Terraform's "State and Modules" group (£14.99), which no e2e test buys. */
export const OLD_ORDER = {
  slug: "terraform",
  artefact: "Terraform",
  group: "State and Modules",
  price: "£14.99",
  daysAgo: 8,
} as const;

/**
 * The buyers of the VAT purchases (purchase-vat.test.ts), each with a session
 * made by seed-learner.ts and nothing else: each one's billing details are
 * their own, and no sign-in counts against the store's limits.
 */
export const TAX_BUYERS = {
  uk: { name: "Uma Kingsley", email: "uma.uk@example.test", sessionToken: "e2e-vat-buyer-uk-session-token" },
  france: { name: "Fleur Martin", email: "fleur.fr@example.test", sessionToken: "e2e-vat-buyer-fr-session-token" },
  business: { name: "Greta Bauer", email: "greta.de@example.test", sessionToken: "e2e-vat-buyer-de-session-token" },
  travelling: { name: "Theo Durand", email: "theo.fr@example.test", sessionToken: "e2e-vat-buyer-ip-session-token" },
} as const;

/**
 * The seat manager of team-seats.test.ts and a colleague they invite, each with a session made by
 * seed-learner.ts and nothing else (the other colleague registers from the invitation's page).
 */
export const TEAM = {
  manager: { name: "Mona Manager", email: "mona.manager@example.test", sessionToken: "e2e-seat-manager-session-token" },
  colleague: { name: "Ben Colleague", email: "ben.colleague@example.test", sessionToken: "e2e-team-colleague-token" },
  // admin-team-seats.test.ts: a team lead who buys three seats and a holder who claims one.
  lead: { name: "Team Lead", email: "team.lead@example.test", sessionToken: "e2e-admin-seats-lead-token" },
  holder: { name: "Seat Holder", email: "seat.holder@example.test", sessionToken: "e2e-admin-seats-holder-token" },
} as const;
