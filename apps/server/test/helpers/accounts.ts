import type { LoginResponse } from "@skillshelf/shared/api.ts";
import { desc, eq } from "drizzle-orm";
import { hashPassword } from "../../src/accounts/password-hash.ts";
import { createSession } from "../../src/accounts/sessions.ts";
import { mailOutbox, users } from "../../src/db/schema/index.ts";
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

/** A session token for a user, as if they had signed in. */
export async function signIn(store: TestStore, userId: number, rememberMe = false): Promise<string> {
  const { token } = await createSession({ db: store.database.db, userId, rememberMe, now: store.app.clock() });
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
