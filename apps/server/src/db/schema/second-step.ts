import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * A passkey (a WebAuthn credential) of an account: signs in by itself, and
 * counts as the second step after a password. The public key only; the private
 * one never leaves the authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for those that keep none). */
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_id_key").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * An account's authenticator app (TOTP, RFC 6238): its secret encrypted with a
 * store key, on from `confirmedAt` (the first code entered); until then the
 * setup is pending. `lastStep` is the last time step a code was accepted for: a
 * code is never taken twice.
 */
export const authenticatorApps = pgTable("authenticator_apps", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: integer("last_step"),
});

/** One-time recovery codes of an account's second step: only their SHA-256 is kept; each works once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * Short-lived, single-use steps of signing in, kept in the database so that any
 * instance can finish what another started: a WebAuthn challenge (adding a
 * passkey, signing in with one) and a password sign-in waiting for its second
 * step. Only the SHA-256 of the token its holder (a cookie, an API client)
 * keeps is stored; a row is deleted when used.
 */
export const signInSteps = pgTable(
  "sign_in_steps",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind", { enum: ["passkey_registration", "passkey_sign_in", "second_step"] }).notNull(),
    /** Whose step it is: none for a passkey sign-in, which learns it from the passkey. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge, base64url. */
    challenge: text("challenge"),
    /** A second step's: whether the session to make is remembered. */
    rememberMe: boolean("remember_me").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("sign_in_steps_token_hash_key").on(t.tokenHash),
    index("sign_in_steps_expires_idx").on(t.expiresAt),
    index("sign_in_steps_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
  ],
);
