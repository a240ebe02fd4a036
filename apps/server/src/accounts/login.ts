import type { loginSchema } from "@skillshelf/shared/account-forms.ts";
import type { LoginResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { verifyPassword } from "./password-hash.ts";
import { createSession } from "./sessions.ts";
import { toUserRecord, userRecordColumns } from "./user-record.ts";

/** One answer for an unknown e-mail and a wrong password. */
export const BAD_CREDENTIALS = "Invalid email or password.";
export const BLOCKED = "This account has been blocked. Please contact support.";

export async function login(options: {
  db: Db;
  input: z.output<typeof loginSchema>;
  now: Date;
}): Promise<LoginResponse & { expiresAt: Date }> {
  const { db, input, now } = options;
  const [user] = await db
    .select({ ...userRecordColumns, passwordHash: users.passwordHash, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.email, input.email));
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) throw new AppError("unauthenticated", BAD_CREDENTIALS);
  // Only someone who knows the password learns that the account is blocked.
  if (user.blockedAt) throw new AppError("forbidden", BLOCKED);
  const session = await createSession({ db, userId: user.id, rememberMe: input.remember_me, now });
  return {
    status: true,
    message: "Login successful.",
    session_token: session.token,
    data: toUserRecord(user),
    expiresAt: session.expiresAt,
  };
}
