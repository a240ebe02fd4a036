// Plain constants and a code maker, read both by the tests and by seed-second-step.ts, which runs under plain
// node before the store starts.
import { Secret, TOTP } from "otpauth";

/**
 * The operator global-setup.ts makes with the CLI has an authenticator app
 * with this secret and a session that did its second step, both made by
 * seed-second-step.ts (STYLE.md: fixtures sign in by creating a session), which
 * the admin test files share (admin.ts signInAdmin). The admin area opens to
 * no session without a second step (docs/decisions/0054).
 */
export const ADMIN_SECOND_STEP = {
  email: "admin@e2e.test",
  /** base32: the secret an authenticator app would hold. */
  secret: "KRUGKIDTMVRXEZLUEBXWMIDUNBSSAZJSMUQGCZDNNFXA",
  /** The access-token cookie of the admin's session; a throwaway store's, valid 12 hours from the seed. */
  sessionToken: "e2e-admin-session-with-its-second-step-not-a-secret",
} as const;

/** An operator with no second step yet (account-second-step.test.ts sets one up). */
export const NEW_OPERATOR = {
  name: "Olive Operator",
  email: "olive.operator@example.test",
  password: "Operator#2026",
} as const;

/** A learner who adds a passkey and signs in with it (account-second-step.test.ts). */
export const PASSKEY_LEARNER = {
  name: "Pia Passkey",
  email: "pia.passkey@example.test",
  password: "Passkey#2026",
} as const;

/**
 * The authenticator app's code for the time step `offsetSteps` after now (the test's clock; the store accepts
 * the step before and after its own). A code works once: a test that needs two in one step asks for the next.
 */
export function totpCode(secret: string, offsetSteps = 0, now = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({
    timestamp: now + offsetSteps * 30_000,
  });
}
