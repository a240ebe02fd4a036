import type { LoginResponse } from "@skillshelf/shared/api.ts";
import { desc, eq } from "drizzle-orm";
import { Secret } from "otpauth";
import { hashPassword } from "../../src/accounts/password-hash.ts";
import { createSession } from "../../src/accounts/sessions.ts";
import { authenticatorApps, mailOutbox, users } from "../../src/db/schema/index.ts";
import type { TestStore } from "./app.ts";

let counter = 0;

export const GOOD_PASSWORD = "Secret#2026a";

/** A learner in the database, made directly (registration has its own tests). */
export async function createUser(
  store: TestStore,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const n = ++counter;
  const { password = GOOD_PASSWORD, ...values } = overrides;
  const [user] = await store.database.db
    .insert(users)
    .values({
      name: `Learner ${n}`,
      email: `learner${n}-${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
      displayName: `Learner ${n}`,
      ...values,
    })
    .returning();
  if (!user) throw new Error("no user");
  return { ...user, password };
}

/**
 * A session token for a user, as if they had signed in. An operator's session
 * is one that did its second step, of an account that has one (an
 * authenticator app): what the admin area asks for (docs/decisions/0054).
 */
export async function signIn(store: TestStore, userId: number, rememberMe = false): Promise<string> {
  const [user] = await store.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (user?.role === "admin") return signInOperator(store, userId, rememberMe);
  const { token } = await createSession({ db: store.database.db, userId, rememberMe, now: store.app.clock() });
  return token;
}

/** An operator's session that did its second step; the account gets an authenticator app if it has no second step. */
async function signInOperator(store: TestStore, userId: number, rememberMe = false): Promise<string> {
  const { db } = store.database;
  const now = store.app.clock();
  await db
    .insert(authenticatorApps)
    .values({ userId, secret: store.app.secondStepBox.seal(new Secret({ size: 20 }).base32), confirmedAt: now })
    .onConflictDoNothing();
  const { token } = await createSession({ db, userId, rememberMe, now, secondStep: true });
  return token;
}

/** A session without its second step (a password sign-in of an account that has none). */
export async function signInWithPasswordOnly(store: TestStore, userId: number): Promise<string> {
  const { token } = await createSession({ db: store.database.db, userId, rememberMe: false, now: store.app.clock() });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(store: TestStore, email: string, password: string, rememberMe = false) {
  const res = await store.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password, user_type: "Manual", remember_me: rememberMe },
  });
  return { res, body: res.json<LoginResponse>() };
}

/** The newest message the outbox holds for an address. */
export async function lastMailOf(store: TestStore, email: string) {
  const [mail] = await store.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}
