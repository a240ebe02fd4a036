/**
 * What the store and the payment emulators (apps/emulators) both know, as a
 * merchant and its provider share an account: the emulators' test
 * credentials, and where under their origin each provider lives. The keys
 * look like test-mode keys and are valid nowhere but at the emulators.
 */

export const STRIPE_EMULATOR_KEYS = { secretKey: "sk_test_emulator", webhookSecret: "whsec_emulator" } as const;

export const PAYPAL_EMULATOR_CREDENTIALS = {
  clientId: "emulator-client",
  clientSecret: "emulator-secret",
  webhookId: "WH-EMULATOR",
} as const;

export const PAYU_EMULATOR_CREDENTIALS = { key: "emulator-key", salt: "emulator-salt" } as const;

/** Under the emulators' origin: Stripe's API sits at the root (/v1), as at api.stripe.com. */
export const PAYPAL_EMULATOR_PATH = "/emulator/paypal";
export const PAYU_EMULATOR_PATH = "/emulator/payu";
/** The emulated VIES (the EU's VAT-number register): its REST API's root. */
export const VIES_EMULATOR_PATH = "/emulator/vies";
