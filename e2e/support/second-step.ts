// Plain constants and a code maker, read both by the tests and by seed-second-step.ts, which runs under plain
// node before the store starts.
import { Secret, TOTP } from "otpauth";

/**
 * The operator global-setup.ts makes with the CLI gets an authenticator app
 * with this secret from seed-second-step.ts; global-setup.ts then signs it in
 * once with its password and a code, and the admin test files share that
 * session (admin.ts signInAdmin): the admin area opens to no session without
 * a second step (docs/decisions/0054), and a code works once.
 */
export const ADMIN_SECOND_STEP = {
  email: "admin@e2e.test",
  /** base32: the secret an authenticator app would hold. */
  secret: "KRUGKIDTMVRXEZLUEBXWMIDUNBSSAZJSMUQGCZDNNFXA",
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
