import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { generate as qrCode } from "lean-qr";
import { toSvgSource } from "lean-qr/extras/svg";
import { Secret, TOTP } from "otpauth";
import type { Db, DbOrTx } from "../db/client.ts";
import { authenticatorApps, passkeys, recoveryCodes, sessions, signInSteps, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { loadStoreKey } from "../lib/store-key.ts";
import { hashToken, newToken } from "../lib/tokens.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { type SecondStepChange, secondStepMail } from "../mail/templates.ts";
import { verifyPassword } from "./password-hash.ts";

/** How long a password sign-in waits for its second step, and a passkey ceremony for its answer. */
export const SIGN_IN_STEP_TTL_MS = 10 * 60_000;
/** How many recovery codes an authenticator app comes with. */
const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_S = 30;

const CODE_NOT_VALID = "The code is not valid. Please try again.";
export const SIGN_IN_AGAIN = "Your sign-in has expired. Please sign in again.";
const APP_ALREADY_ON = "An authenticator app is already set up for this account.";
const NO_APP_SETUP = "Start setting up the authenticator app first.";
const APP_NOT_ON = "No authenticator app is set up for this account.";
const WRONG_PASSWORD = "Current password is incorrect.";

/**
 * The authenticator apps' secrets are stored sealed (AES-256-GCM) with a store
 * key of their own: a copy of the table alone gives none of them away, and no
 * answer ever carries a secret once its setup is confirmed.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  static async load(db: Db): Promise<SecretBox> {
    return new SecretBox(await loadStoreKey(db, "second-step-key"));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
  }

  open(sealed: string): string {
    const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
    if (!iv || !tag || !data) throw new Error("a sealed secret is malformed");
    const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  }
}

/** What the store needs to check and change an account's second step. */
export interface SecondStepDeps {
  db: Db;
  box: SecretBox;
  now: Date;
  log: FastifyBaseLogger;
  publicUrl: string;
}

const totpOf = (secret: string, label = "") =>
  new TOTP({ issuer: "Skillshelf", label, secret: Secret.fromBase32(secret), period: TOTP_PERIOD_S });

/** Whether an account has a second step: a confirmed authenticator app or a passkey. */
export async function hasSecondStep(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: secondStepOn(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on ?? false;
}

/** An SQL condition: the user whose id is `userId` has a second step. */
export function secondStepOn(userId: typeof users.id | typeof sessions.userId) {
  return sql<boolean>`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}) or exists (select 1 from ${authenticatorApps} where ${authenticatorApps.userId} = ${userId} and ${authenticatorApps.confirmedAt} is not null))`;
}

/** Marks a session as having done its second step (a code, a passkey). */
export async function markSecondStepDone(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ secondStepAt: now }).where(eq(sessions.id, sessionId));
}

async function mailOwner(tx: DbOrTx, userId: number, change: SecondStepChange, deps: { now: Date; publicUrl: string }) {
  const [user] = await tx
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (user) await enqueueMail(tx, await secondStepMail(user, { ...change, at: deps.now }, deps.publicUrl), deps.now);
}

// The authenticator app

export interface AuthenticatorSetup {
  /** The secret as base32, to type in by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qr_svg: string;
}

function setupOf(secret: string, email: string): AuthenticatorSetup {
  const uri = totpOf(secret, email).toString();
  const svg = toSvgSource(qrCode(uri), {
    on: "black",
    off: "white",
    pad: 4,
    width: 232,
    height: 232,
    xmlDeclaration: false,
  });
  return { secret, uri, qr_svg: svg };
}

/**
 * Starts setting up an authenticator app: a new secret, kept (sealed) until the
 * first code confirms it. Starting again replaces an unconfirmed one.
 */
export async function startAuthenticatorApp(
  deps: Pick<SecondStepDeps, "db" | "box" | "now">,
  user: { userId: number; email: string },
): Promise<AuthenticatorSetup> {
  const { db, box, now } = deps;
  const [current] = await db
    .select({ confirmedAt: authenticatorApps.confirmedAt })
    .from(authenticatorApps)
    .where(eq(authenticatorApps.userId, user.userId));
  if (current?.confirmedAt) throw new AppError("conflict", APP_ALREADY_ON);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = box.seal(secret);
  await db
    .insert(authenticatorApps)
    .values({ userId: user.userId, secret: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: authenticatorApps.userId,
      set: { secret: sealed, createdAt: now, lastStep: null },
      where: isNull(authenticatorApps.confirmedAt),
    });
  return setupOf(secret, user.email);
}

/** The setup waiting for its first code, shown again while it waits; null when none is. */
export async function pendingAuthenticatorApp(
  deps: Pick<SecondStepDeps, "db" | "box">,
  user: { userId: number; email: string },
): Promise<AuthenticatorSetup | null> {
  const [row] = await deps.db
    .select({ secret: authenticatorApps.secret })
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, user.userId), isNull(authenticatorApps.confirmedAt)));
  return row ? setupOf(deps.box.open(row.secret), user.email) : null;
}

/**
 * The time step a code is right for (the one before and after too, for clocks
 * a little apart), or null. A step at or before the last one used is refused:
 * a code works once.
 */
function acceptedStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Takes a code of the account's app: the step is claimed in one statement, so a code works once on every instance. */
async function takeAppCode(
  deps: Pick<SecondStepDeps, "db" | "box" | "now">,
  userId: number,
  code: string,
  confirmed: boolean,
): Promise<boolean> {
  const { db, box, now } = deps;
  const [row] = await db
    .select({ secret: authenticatorApps.secret, lastStep: authenticatorApps.lastStep })
    .from(authenticatorApps)
    .where(
      and(
        eq(authenticatorApps.userId, userId),
        confirmed ? isNotNull(authenticatorApps.confirmedAt) : isNull(authenticatorApps.confirmedAt),
      ),
    );
  if (!row || !/^\d{6}$/.test(code)) return false;
  const step = acceptedStep(box.open(row.secret), code, now, row.lastStep);
  if (step === null) return false;
  const claimed = await db
    .update(authenticatorApps)
    .set({ lastStep: step, ...(confirmed ? {} : { confirmedAt: now }) })
    .where(
      and(
        eq(authenticatorApps.userId, userId),
        or(isNull(authenticatorApps.lastStep), lt(authenticatorApps.lastStep, step)),
      ),
    )
    .returning({ userId: authenticatorApps.userId });
  return claimed.length > 0;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code as typed: letters and digits only, lower case (spaces and dashes dropped). */
const normalCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** New recovery codes in place of any the account had: the codes themselves, to be shown once. */
async function replaceRecoveryCodes(tx: DbOrTx, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalCode(code)), createdAt: now })));
  return codes;
}

/**
 * Confirms the app being set up with its first code: it is on, the session that
 * did it has done its second step, and the account gets its recovery codes
 * (answered once, kept only hashed) and a mail.
 */
export async function confirmAuthenticatorApp(
  deps: SecondStepDeps,
  viewer: { userId: number; sessionId: number },
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const { db, now, log } = deps;
  const [pending] = await db
    .select({ userId: authenticatorApps.userId })
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, viewer.userId), isNull(authenticatorApps.confirmedAt)));
  if (!pending) throw new AppError("conflict", NO_APP_SETUP);
  if (!(await takeAppCode(deps, viewer.userId, code.trim(), false))) {
    await securityEvent(log, SECURITY_EVENTS.secondStepFailed, { userId: viewer.userId, via: "setup" }, "warn");
    throw new AppError("invalid", CODE_NOT_VALID, { code: CODE_NOT_VALID });
  }
  const codes = await db.transaction(async (tx) => {
    const made = await replaceRecoveryCodes(tx, viewer.userId, now);
    await markSecondStepDone(tx, viewer.sessionId, now);
    await mailOwner(tx, viewer.userId, { what: "app_added" }, deps);
    return made;
  });
  await securityEvent(log, SECURITY_EVENTS.secondStepAdded, { userId: viewer.userId, method: "authenticator_app" });
  return { recovery_codes: codes };
}

/** Turns the authenticator app off (the password confirms it): its secret and recovery codes go. */
export async function removeAuthenticatorApp(
  deps: SecondStepDeps,
  viewer: { userId: number },
  password: string,
): Promise<void> {
  const { db, log } = deps;
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.userId));
  if (!(await verifyPassword(user?.passwordHash ?? null, password))) {
    await securityEvent(log, SECURITY_EVENTS.secondStepFailed, { userId: viewer.userId, via: "remove_app" }, "warn");
    throw new AppError("invalid", WRONG_PASSWORD, { current_password: WRONG_PASSWORD });
  }
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(authenticatorApps)
      .where(and(eq(authenticatorApps.userId, viewer.userId), isNotNull(authenticatorApps.confirmedAt)))
      .returning({ userId: authenticatorApps.userId });
    if (rows.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, viewer.userId));
    await mailOwner(tx, viewer.userId, { what: "app_removed" }, deps);
    return true;
  });
  if (!removed) throw new AppError("conflict", APP_NOT_ON);
  await securityEvent(log, SECURITY_EVENTS.secondStepRemoved, { userId: viewer.userId, method: "authenticator_app" });
}

/** What Settings shows of the account's second step. */
export interface SecondStepStatus {
  app: "off" | "pending" | "on";
  recovery_codes_left: number;
}

export async function secondStepStatus(db: Db, userId: number): Promise<SecondStepStatus> {
  const [app] = await db
    .select({ confirmedAt: authenticatorApps.confirmedAt })
    .from(authenticatorApps)
    .where(eq(authenticatorApps.userId, userId));
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { app: !app ? "off" : app.confirmedAt ? "on" : "pending", recovery_codes_left: left?.n ?? 0 };
}

// A password sign-in waiting for its second step

/** Starts the wait: the token its holder (a cookie, an API client) brings back with the code. */
export async function beginSecondStep(db: DbOrTx, userId: number, rememberMe: boolean, now: Date): Promise<string> {
  const { token, hash } = newToken();
  await db.delete(signInSteps).where(lt(signInSteps.expiresAt, now));
  await db.insert(signInSteps).values({
    tokenHash: hash,
    kind: "second_step",
    userId,
    rememberMe,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_STEP_TTL_MS),
  });
  return token;
}

/** The account a live second-step token waits for; null when it has expired or was used. */
export async function secondStepOf(db: DbOrTx, token: string, now: Date) {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({ id: signInSteps.id, userId: signInSteps.userId, rememberMe: signInSteps.rememberMe })
    .from(signInSteps)
    .innerJoin(users, eq(users.id, signInSteps.userId))
    .where(
      and(
        eq(signInSteps.tokenHash, hashToken(token)),
        eq(signInSteps.kind, "second_step"),
        gt(signInSteps.expiresAt, now),
        isNull(users.blockedAt),
      ),
    );
  return row?.userId ? { id: row.id, userId: row.userId, rememberMe: row.rememberMe } : null;
}

/** Ends a wait (used, or given up for a passkey sign-in); true when this call ended it. */
export async function endSecondStep(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(signInSteps).where(eq(signInSteps.id, id)).returning({ id: signInSteps.id });
  return rows.length > 0;
}

/**
 * The second step of a password sign-in: a code of the account's authenticator
 * app, or one of its recovery codes (used up, and the owner mailed). Answers
 * how it was done; throws 422 for a wrong code. The caller counts every try
 * against the rate limits first.
 */
export async function checkSecondStepCode(
  deps: SecondStepDeps,
  userId: number,
  code: string,
): Promise<"authenticator_app" | "recovery_code"> {
  const { db, now, log } = deps;
  const typed = code.trim();
  if (/^\d{6}$/.test(typed.replace(/\s/g, ""))) {
    if (await takeAppCode(deps, userId, typed.replace(/\s/g, ""), true)) return "authenticator_app";
  } else if (normalCode(typed).length === 10) {
    const used = await db.transaction(async (tx) => {
      const rows = await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, hashToken(normalCode(typed))),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      if (rows.length === 0) return false;
      const [left] = await tx
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      await mailOwner(tx, userId, { what: "recovery_code_used", left: left?.n ?? 0 }, deps);
      return true;
    });
    if (used) {
      await securityEvent(log, SECURITY_EVENTS.recoveryCodeUsed, { userId });
      return "recovery_code";
    }
  }
  await securityEvent(log, SECURITY_EVENTS.secondStepFailed, { userId, via: "sign_in" }, "warn");
  throw new AppError("invalid", CODE_NOT_VALID, { code: CODE_NOT_VALID });
}

/**
 * Takes away an account's second step (the operator's way back in for a
 * learner locked out: `npm run admin -- reset-second-step EMAIL`): its app,
 * recovery codes and passkeys; its sessions end. The owner is mailed.
 */
export async function resetSecondStep(
  deps: Omit<SecondStepDeps, "box">,
  email: string,
): Promise<{ userId: number; passkeys: number; app: boolean } | null> {
  const { db, now } = deps;
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user) return null;
    const app = await tx
      .delete(authenticatorApps)
      .where(eq(authenticatorApps.userId, user.id))
      .returning({ confirmedAt: authenticatorApps.confirmedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning({ id: passkeys.id });
    await tx.delete(signInSteps).where(eq(signInSteps.userId, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await mailOwner(tx, user.id, { what: "reset" }, deps);
    return { userId: user.id, passkeys: keys.length, app: app.some((row) => row.confirmedAt !== null) };
  });
  if (result) await securityEvent(deps.log, SECURITY_EVENTS.secondStepReset, { ...result, email });
  return result;
}
