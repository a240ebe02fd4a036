import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  type changePasswordSchema,
  changesEmail,
  type profileSchema,
  type settingsSchema,
} from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { emailChangedMail, passwordChangedMail } from "../mail/templates.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { DUPLICATE_EMAIL } from "./register.ts";
import { revokeUserSessions } from "./sessions.ts";
import { toUserRecord, userRecordColumns } from "./user-record.ts";

const OLD_PASSWORD_WRONG = "Old password is incorrect.";

async function updateUser(db: Db, userId: number, values: Partial<typeof users.$inferInsert>): Promise<UserRecord> {
  try {
    const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning(userRecordColumns);
    if (!row) throw new AppError("unauthenticated", "Please sign in again.");
    return toUserRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw error;
  }
}

/**
 * Saves name, e-mail, phone and bio. A new sign-in e-mail needs the current
 * password (a session alone must not be enough to take the account over), is
 * no longer verified, and is announced to the old address in the same
 * transaction.
 */
export async function updateProfile(options: {
  db: Db;
  userId: number;
  input: z.output<typeof profileSchema>;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<UserRecord> {
  const { db, userId, input, now, log } = options;
  const [stored] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!stored) throw new AppError("unauthenticated", "Please sign in again.");
  if (changesEmail(stored.email, input.email)) {
    const refuse = async (reason: "current_password_missing" | "wrong_current_password", message: string) => {
      await securityEvent(log, SECURITY_EVENTS.emailChangeFailed, { userId, email: stored.email, reason }, "warn");
      return new AppError("invalid", message, { current_password: message });
    };
    if (!input.current_password) throw await refuse("current_password_missing", CURRENT_PASSWORD_REQUIRED);
    if (!(await verifyPassword(stored.passwordHash, input.current_password))) {
      throw await refuse("wrong_current_password", CURRENT_PASSWORD_WRONG);
    }
  }
  try {
    const { record, oldEmail } = await db.transaction(async (tx) => {
      // The address as it is now, under the row lock: the notice goes to the one being replaced.
      const [current] = await tx
        .select({ name: users.name, email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!current) throw new AppError("unauthenticated", "Please sign in again.");
      const emailChanges = changesEmail(current.email, input.email);
      const [row] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          mobileNumber: input.phone,
          about: input.bio,
          updatedAt: now,
          // The verification was of the old address.
          ...(emailChanges ? { emailVerifiedAt: null } : {}),
        })
        .where(eq(users.id, userId))
        .returning(userRecordColumns);
      if (!row) throw new AppError("unauthenticated", "Please sign in again.");
      if (emailChanges) {
        await enqueueMail(
          tx,
          await emailChangedMail(current, { newEmail: input.email, at: now }, options.publicUrl),
          now,
        );
      }
      return { record: toUserRecord(row), oldEmail: emailChanges ? current.email : null };
    });
    if (oldEmail) await securityEvent(log, SECURITY_EVENTS.emailChanged, { userId, oldEmail, newEmail: input.email });
    return record;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw error;
  }
}

export function updateSettings(options: {
  db: Db;
  userId: number;
  input: z.output<typeof settingsSchema>;
  now: Date;
}): Promise<UserRecord> {
  const { input } = options;
  return updateUser(options.db, options.userId, {
    displayName: input.display_name,
    timezone: input.timezone,
    language: input.language,
    emailNotifications: input.email_notifications,
    inAppNotifications: input.in_app_notifications,
    smsNotifications: input.sms_notifications,
    updatedAt: options.now,
  });
}

/**
 * Needs the old password; signs out every other session of the account, and
 * tells the owner by mail (in the same transaction) in case it was not them.
 */
export async function changePassword(options: {
  db: Db;
  userId: number;
  sessionId: number;
  input: z.output<typeof changePasswordSchema>;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, userId, input, now, log } = options;
  const [user] = await db
    .select({ name: users.name, email: users.email, language: users.language, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.old_password))) {
    await securityEvent(log, SECURITY_EVENTS.passwordChangeFailed, { userId, reason: "wrong_old_password" }, "warn");
    throw new AppError("invalid", OLD_PASSWORD_WRONG, { old_password: OLD_PASSWORD_WRONG });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, now, options.sessionId);
    await enqueueMail(tx, await passwordChangedMail(user, { how: "changed", at: now }, options.publicUrl), now);
  });
  await securityEvent(log, SECURITY_EVENTS.passwordChanged, { userId, email: user.email });
}
