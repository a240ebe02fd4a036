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
