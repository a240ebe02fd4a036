import { DELETION_MESSAGES } from "@skillshelf/shared/audit.ts";
import { and, count, eq, gt, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { verifyPassword } from "../accounts/password-hash.ts";
import { markAuthenticated, signedInRecently } from "../accounts/sessions.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { accountDeletions, mailOutbox, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { hashToken, newToken } from "../lib/tokens.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { accountDeletionMail } from "../mail/templates.ts";
import { LEARNER_TABLES } from "./registry.ts";

/** How long the mailed link works. */
const LINK_TTL_MS = 60 * 60_000;

export interface DeletionCall {
  db: Db;
  userId: number;
  sessionId: number;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * A recent sign-in (decision 0055): the session proved who it is within 10 minutes, or the
 * password is given again now (which counts as a fresh sign-in: markAuthenticated). Otherwise a
 * 401 whose field `password` asks for it.
 */
async function requireRecentSignIn(call: DeletionCall, password: string | undefined): Promise<void> {
  const { db, userId, sessionId, now, log } = call;
  if (!password) {
    if (await signedInRecently(db, sessionId, now)) return;
    await securityEvent(log, SECURITY_EVENTS.accountDeletionFailed, { userId, reason: "stale_sign_in" }, "warn");
    throw new AppError("unauthenticated", DELETION_MESSAGES.passwordNeeded, {
      password: DELETION_MESSAGES.passwordNeeded,
    });
  }
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await securityEvent(log, SECURITY_EVENTS.accountDeletionFailed, { userId, reason: "wrong_password" }, "warn");
    throw new AppError("invalid", DELETION_MESSAGES.passwordWrong, { password: DELETION_MESSAGES.passwordWrong });
  }
  await markAuthenticated(db, sessionId, now);
  await securityEvent(log, SECURITY_EVENTS.reauthenticated, { userId });
}

/** The store must keep an operator: the last one cannot delete their account (409). */
async function refuseLastOperator(tx: DbOrTx, userId: number): Promise<void> {
  const [me] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (me?.role !== "admin") return;
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, userId), isNull(users.blockedAt), isNull(users.deletedAt)));
  if ((others?.n ?? 0) === 0) throw new AppError("conflict", DELETION_MESSAGES.lastOperator);
}

/** The last operator's refusal, logged and stored before it is thrown (the transaction checks again). */
async function lastOperatorRefused(call: DeletionCall): Promise<void> {
  try {
    await refuseLastOperator(call.db, call.userId);
  } catch (error) {
    await securityEvent(
      call.log,
      SECURITY_EVENTS.accountDeletionFailed,
      { userId: call.userId, reason: "last_operator" },
      "warn",
    );
    throw error;
  }
}

/**
 * "Delete my account" in Settings: after a recent sign-in, mails a one-time link to the account's
 * address (in the transaction that stores it; a newer link voids the older ones).
 */
export async function requestAccountDeletion(
  call: DeletionCall & { password?: string | undefined; publicUrl: string },
): Promise<void> {
  const { db, userId, now } = call;
  await requireRecentSignIn(call, call.password);
  await lastOperatorRefused(call);
  const email = await db.transaction(async (tx) => {
    await refuseLastOperator(tx, userId);
    const [user] = await tx
      .select({ name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("unauthenticated", "Please sign in again.");
    await tx
      .update(accountDeletions)
      .set({ consumedAt: now })
      .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.consumedAt)));
    const { token, hash } = newToken();
    await tx
      .insert(accountDeletions)
      .values({ userId, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + LINK_TTL_MS) });
    await enqueueMail(tx, await accountDeletionMail(user, `${call.publicUrl}/delete-account/${token}`), now);
    return user.email;
  });
  await securityEvent(call.log, SECURITY_EVENTS.accountDeletionRequested, { userId, email });
}

/**
 * The mailed link followed and confirmed, by the account it was mailed to, after a recent sign-in:
 * in one transaction, every listed table (registry.ts) is erased as it says (sessions and links
 * deleted, the account row anonymised, progress and notifications deleted; orders, invoices and
 * credit notes kept with an anonymous buyer), and the account's mails still in the outbox go.
 */
export async function confirmAccountDeletion(
  call: DeletionCall & { token: string; password?: string | undefined },
): Promise<void> {
  const { db, userId, now } = call;
  await requireRecentSignIn(call, call.password);
  await lastOperatorRefused(call);
  const outcome = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(accountDeletions)
      .set({ consumedAt: now })
      .where(
        and(
          eq(accountDeletions.tokenHash, hashToken(call.token)),
          eq(accountDeletions.userId, userId),
          isNull(accountDeletions.consumedAt),
          gt(accountDeletions.expiresAt, now),
        ),
      )
      .returning({ id: accountDeletions.id });
    if (!link) return "invalid" as const;
    await refuseLastOperator(tx, userId);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return "invalid" as const;
    await eraseLearner(tx, userId, now);
    // The mails to the old address (sent, or still waiting) hold its name and address.
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
    return "deleted" as const;
  });
  if (outcome === "invalid") {
    await securityEvent(
      call.log,
      SECURITY_EVENTS.accountDeletionFailed,
      { userId, reason: "invalid_or_expired_link" },
      "warn",
    );
    throw new AppError("invalid", DELETION_MESSAGES.linkInvalid, { token: DELETION_MESSAGES.linkInvalid });
  }
  await securityEvent(call.log, SECURITY_EVENTS.accountDeleted, { userId });
}

/** Every listed table erased for the learner as the registry says: run inside the deletion's transaction. */
async function eraseLearner(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  for (const entry of LEARNER_TABLES) {
    if (entry.deletion === "delete") await tx.delete(entry.table).where(eq(entry.userColumn, userId));
    else if (entry.deletion === "anonymise") await entry.anonymise?.(tx, userId, now);
  }
}
