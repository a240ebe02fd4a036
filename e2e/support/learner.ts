// Plain constants, read both by the tests and by seed-learner.ts, which runs under plain node before the store starts.

/**
 * One learner for every purchase test file (purchase.ts signs them in once
 * per run). Made by seed-learner.ts rather than registered, so that they can
 * own something bought long ago.
 */
export const LEARNER = {
  name: "Pat Purchaser",
  email: "pat.purchaser@example.test",
  password: "Purchase#2026",
} as const;

/** What the learner bought 8 days ago: Terraform's "State and Modules" group (£14.99), which no e2e test buys. */
export const OLD_ORDER = {
  slug: "terraform",
  artefact: "Terraform",
  group: "State and Modules",
  price: "£14.99",
  daysAgo: 8,
} as const;
