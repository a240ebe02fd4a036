import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { passkeys, signInSteps, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { hashToken, newToken } from "../lib/tokens.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { secondStepMail } from "../mail/templates.ts";
import { markSecondStepDone, type SecondStepDeps, SIGN_IN_STEP_TTL_MS } from "./second-step.ts";
import { createSession, markAuthenticated } from "./sessions.ts";
import { type UserRow, userRecordColumns } from "./user-record.ts";

const PASSKEY_NOT_ACCEPTED = "The passkey could not be used. Please try again.";
const PASSKEY_UNKNOWN = "This passkey is not known to the store. Sign in with your password instead.";
const PASSKEY_NOT_FOUND = "No such passkey.";
const BLOCKED = "This account has been blocked. Please contact support.";

/** The relying party: PUBLIC_URL's host is its ID, its origin the only one a ceremony may come from. */
function relyingParty(publicUrl: string): { id: string; origin: string; name: string } {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: "Skillshelf" };
}

type PasskeyDeps = Omit<SecondStepDeps, "box">;

/** A passkey as Settings lists it. */
export interface PasskeyRow {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));
}

const expiry = (now: Date) => new Date(now.getTime() + SIGN_IN_STEP_TTL_MS);

/** Clears the steps that were never finished, as new ones begin: the table holds minutes' worth. */
async function pruneSignInSteps(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(signInSteps).where(lt(signInSteps.expiresAt, now));
}

/**
 * The options for adding a passkey to a signed-in account: a discoverable
 * credential (so it can sign in without an e-mail), none the account has
 * already. The challenge is kept for this account, for one use.
 */
export async function passkeyRegistrationOptions(
  deps: PasskeyDeps,
  viewer: { userId: number; user: { name: string; email: string } },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { db, now, publicUrl } = deps;
  const rp = relyingParty(publicUrl);
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, viewer.userId));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: viewer.user.email,
    userDisplayName: viewer.user.name,
    userID: new TextEncoder().encode(`skillshelf-user-${viewer.userId}`),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: SIGN_IN_STEP_TTL_MS / 2,
  });
  await pruneSignInSteps(db, now);
  await db.insert(signInSteps).values({
    tokenHash: hashToken(`registration:${options.challenge}`),
    kind: "passkey_registration",
    userId: viewer.userId,
    challenge: options.challenge,
    createdAt: now,
    expiresAt: expiry(now),
  });
  return options;
}

/** Uses up a kept challenge of `kind` (for `userId`, when given): true when it was live and this call took it. */
async function takeChallenge(
  db: DbOrTx,
  where: { kind: "passkey_registration" | "passkey_sign_in"; tokenHash: string; userId?: number },
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .delete(signInSteps)
    .where(
      and(
        eq(signInSteps.tokenHash, where.tokenHash),
        eq(signInSteps.kind, where.kind),
        where.userId === undefined ? undefined : eq(signInSteps.userId, where.userId),
      ),
    )
    .returning({ challenge: signInSteps.challenge, expiresAt: signInSteps.expiresAt });
  return row && row.expiresAt > now ? row.challenge : null;
}

/**
 * Adds the passkey the browser made: its answer checked against the challenge
 * kept for this account (used up), PUBLIC_URL's origin and host. The session
 * that added it has done its second step; the owner is mailed.
 */
export async function addPasskey(
  deps: PasskeyDeps,
  viewer: { userId: number; sessionId: number },
  input: { name: string; response: RegistrationResponseJSON },
): Promise<PasskeyRow> {
  const { db, now, log, publicUrl } = deps;
  const rp = relyingParty(publicUrl);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: async (challenge) =>
        (await takeChallenge(
          db,
          { kind: "passkey_registration", tokenHash: hashToken(`registration:${challenge}`), userId: viewer.userId },
          now,
        )) === challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    await securityEvent(
      log,
      SECURITY_EVENTS.passkeyAddFailed,
      { userId: viewer.userId, reason: String(error) },
      "warn",
    );
    throw new AppError("invalid", PASSKEY_NOT_ACCEPTED);
  }
  if (!verified.verified) throw new AppError("invalid", PASSKEY_NOT_ACCEPTED);
  const { credential } = verified.registrationInfo;
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: viewer.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? input.response.response.transports ?? [],
        name: input.name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new AppError("conflict", "This passkey is already added.");
    await markSecondStepDone(tx, viewer.sessionId, now);
    await mailPasskeyChange(tx, viewer.userId, "passkey_added", input.name, deps);
    return added;
  });
  await securityEvent(log, SECURITY_EVENTS.passkeyAdded, { userId: viewer.userId, passkeyId: row.id });
  return { id: row.id, name: row.name, created_at: row.createdAt.toISOString(), last_used_at: null };
}

async function mailPasskeyChange(
  tx: DbOrTx,
  userId: number,
  what: "passkey_added" | "passkey_removed",
  name: string,
  deps: PasskeyDeps,
) {
  const [user] = await tx
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (user) await enqueueMail(tx, await secondStepMail(user, { what, name, at: deps.now }, deps.publicUrl), deps.now);
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found", PASSKEY_NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function removePasskey(deps: PasskeyDeps, userId: number, id: number): Promise<void> {
  const name = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ name: passkeys.name });
    if (!row) throw new AppError("not_found", PASSKEY_NOT_FOUND);
    await mailPasskeyChange(tx, userId, "passkey_removed", row.name, deps);
    return row.name;
  });
  await securityEvent(deps.log, SECURITY_EVENTS.passkeyRemoved, { userId, passkeyId: id, name });
}

/**
 * The options for signing in with a passkey: any of the store's (the browser
 * offers the discoverable ones it holds). The challenge is kept under a token
 * its browser holds in a cookie (or its API client sends back), for one use.
 */
export async function passkeySignInOptions(
  deps: Pick<PasskeyDeps, "db" | "now" | "publicUrl">,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; token: string }> {
  const { db, now, publicUrl } = deps;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(publicUrl).id,
    userVerification: "required",
    timeout: SIGN_IN_STEP_TTL_MS / 2,
  });
  const { token, hash } = newToken();
  await pruneSignInSteps(db, now);
  await db.insert(signInSteps).values({
    tokenHash: hash,
    kind: "passkey_sign_in",
    challenge: options.challenge,
    createdAt: now,
    expiresAt: expiry(now),
  });
  return { options, token };
}

/**
 * Signs in with a passkey: the challenge under `token` is used up, the answer
 * checked with the passkey's public key (and its user's verification: a PIN, a
 * fingerprint), the signature counter moved on. A passkey is both steps: the
 * session has done its second step.
 */
export async function signInWithPasskey(
  deps: PasskeyDeps,
  input: { token: string; response: AuthenticationResponseJSON; rememberMe: boolean },
): Promise<{ token: string; expiresAt: Date; user: UserRow; role: "learner" | "admin" }> {
  const { db, now, log, publicUrl } = deps;
  const rp = relyingParty(publicUrl);
  const challenge = await takeChallenge(db, { kind: "passkey_sign_in", tokenHash: hashToken(input.token) }, now);
  const failed = (reason: string, userId: number | null = null) =>
    securityEvent(log, SECURITY_EVENTS.passkeySignInFailed, { userId, reason }, "warn");
  if (!challenge) {
    await failed("challenge_missing_or_expired");
    throw new AppError("invalid", PASSKEY_NOT_ACCEPTED);
  }
  const [key] = await db
    .select({
      passkeyId: passkeys.id,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      blockedAt: users.blockedAt,
      ...userRecordColumns,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, input.response.id));
  if (!key) {
    await failed("unknown_passkey");
    throw new AppError("unauthenticated", PASSKEY_UNKNOWN);
  }
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch (error) {
    await failed(String(error), key.id);
    throw new AppError("invalid", PASSKEY_NOT_ACCEPTED);
  }
  if (!verified.verified) {
    await failed("not_verified", key.id);
    throw new AppError("invalid", PASSKEY_NOT_ACCEPTED);
  }
  if (key.blockedAt) {
    await failed("blocked", key.id);
    throw new AppError("forbidden", BLOCKED);
  }
  const session = await db.transaction(async (tx) => {
    await tx
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(passkeys.id, key.passkeyId));
    // A password sign-in of this account that waited for its second step is over: this one is whole.
    await tx.delete(signInSteps).where(and(eq(signInSteps.userId, key.id), eq(signInSteps.kind, "second_step")));
    const session = await createSession({
      db: tx,
      userId: key.id,
      rememberMe: input.rememberMe,
      now,
      secondStep: true,
    });
    // A passkey sign-in is a real authentication: what a deletion's recent sign-in asks for.
    await markAuthenticated(tx, session.id, now);
    return session;
  });
  await securityEvent(log, SECURITY_EVENTS.loginSucceeded, {
    userId: key.id,
    email: key.email,
    rememberMe: input.rememberMe,
    via: "passkey",
  });
  await securityEvent(log, SECURITY_EVENTS.passkeyUsed, { userId: key.id, passkeyId: key.passkeyId });
  return { token: session.token, expiresAt: session.expiresAt, user: key, role: key.role };
}

type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]["credential"]["transports"]
>[number];
