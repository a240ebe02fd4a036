import type { loginSchema } from "@skillshelf/shared/account-forms.ts";
import type { LoginResponse } from "@skillshelf/shared/api.ts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { SECURITY_EVENTS, securityEvent } from "../lib/security-events.ts";
import { verifyPassword } from "./password-hash.ts";
import { beginSecondStep, hasSecondStep } from "./second-step.ts";
import { createSession, markAuthenticated } from "./sessions.ts";
import { toUserRecord, userRecordColumns } from "./user-record.ts";

/** One answer for an unknown e-mail and a wrong password. */
const BAD_CREDENTIALS = "Invalid email or password.";
const BLOCKED = "This account has been blocked. Please contact support.";

export async function login(options: {
  db: Db;
  input: z.output<typeof loginSchema>;
  now: Date;
  /** Where the sign-in's security event goes (with the client's address bound). */
  log: FastifyBaseLogger;
}): Promise<
  | (LoginResponse & { expiresAt: Date; role: "learner" | "admin"; secondStepToken?: undefined })
  | { secondStepToken: string }
> {
  const { db, input, now, log } = options;
  const [user] = await db
    .select({ ...userRecordColumns, passwordHash: users.passwordHash, blockedAt: users.blockedAt, role: users.role })
    .from(users)
    .where(eq(users.email, input.email));
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  // The log tells the failures apart; the answer to the client does not.
  const failed = (reason: "unknown_email" | "wrong_password" | "blocked") =>
    securityEvent(log, SECURITY_EVENTS.loginFailed, { userId: user?.id ?? null, email: input.email, reason }, "warn");
  if (!user || !valid) {
    await failed(user ? "wrong_password" : "unknown_email");
    throw new AppError("unauthenticated", BAD_CREDENTIALS);
  }
  // Only someone who knows the password learns that the account is blocked.
  if (user.blockedAt) {
    await failed("blocked");
    throw new AppError("forbidden", BLOCKED);
  }
  // An account with a second step is not signed in yet: the password only opens the wait for it.
  if (await hasSecondStep(db, user.id)) {
    await securityEvent(log, SECURITY_EVENTS.secondStepAsked, { userId: user.id, email: user.email });
    return { secondStepToken: await beginSecondStep(db, user.id, input.remember_me, now) };
  }
  const session = await createSession({ db, userId: user.id, rememberMe: input.remember_me, now });
  // A password sign-in is a real authentication: what a deletion's recent sign-in asks for.
  await markAuthenticated(db, session.id, now);
  await securityEvent(log, SECURITY_EVENTS.loginSucceeded, {
    userId: user.id,
    email: user.email,
    rememberMe: input.remember_me,
  });
  return {
    status: true,
    message: "Login successful.",
    session_token: session.token,
    data: toUserRecord(user),
    expiresAt: session.expiresAt,
    role: user.role,
  };
}
