import type { forgotPasswordSchema, resetPasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { ACCOUNT_MESSAGES } from "@skillshelf/shared/account-messages.ts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { passwordResets, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { hashToken, newToken } from "../lib/tokens.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { passwordChangedMail, passwordResetMail } from "../mail/templates.ts";
import { hashPassword } from "./password-hash.ts";
import { revokeUserSessions } from "./sessions.ts";

const RESET_TTL_MS = 30 * 60_000;
export const FORGOT_PASSWORD_SENT = ACCOUNT_MESSAGES.resetSent;
const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please request a new one.";

/**
 * Sends a reset link when the account exists, and does nothing otherwise: the
 * caller answers the same either way. A new link voids the older ones. The
 * link is built from PUBLIC_URL, never from the request.
 */
export async function requestPasswordReset(options: {
  db: Db;
  input: z.output<typeof forgotPasswordSchema>;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, input, now } = options;
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.email, input.email))
      .for("update");
    if (!user) return null;
    await tx
      .update(passwordResets)
      .set({ consumedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.consumedAt)));
    const { token, hash } = newToken();
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await enqueueMail(tx, await passwordResetMail(user, options.publicUrl, token), now);
    return user.id;
  });
  await securityEvent(options.log, SECURITY_EVENTS.passwordResetRequested, {
    userId,
    email: input.email,
    accountExists: userId !== null,
  });
}

/**
 * Sets the new password once per link, signs the account out everywhere, and
 * tells the owner by mail (in the same transaction) in case it was not them.
 */
export async function resetPassword(options: {
  db: Db;
  input: z.output<typeof resetPasswordSchema>;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, input, now, log } = options;
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    // Consuming the row is the check: of two uses at once, only one updates it.
    const [reset] = await tx
      .update(passwordResets)
      .set({ consumedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.consumedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return "invalid" as const;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning({ id: users.id, name: users.name, email: users.email, language: users.language });
    await revokeUserSessions(tx, reset.userId, now);
    if (user) await enqueueMail(tx, await passwordChangedMail(user, { how: "reset", at: now }, options.publicUrl), now);
    return user;
  });
  // The failure is stored once its transaction has ended (a row written meanwhile would wait for it).
  if (user === "invalid") {
    await securityEvent(log, SECURITY_EVENTS.passwordResetFailed, { reason: "invalid_or_expired_link" }, "warn");
    throw new AppError("invalid", RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
  }
  await securityEvent(log, SECURITY_EVENTS.passwordResetCompleted, {
    userId: user?.id ?? null,
    email: user?.email ?? null,
  });
}
