// Run by global-setup.ts before the store starts: a learner and an operator whose language setting is Spanish,
// each with a session made here (STYLE.md: fixtures sign in by creating a session directly), so the languages
// test is signed in as them without spending one of the suite's few registrations (10 an hour) or sign-ins.
import { randomBytes } from "node:crypto";
import { hashPassword } from "../../apps/server/src/accounts/password-hash.ts";
import { SecretBox } from "../../apps/server/src/accounts/second-step.ts";
import { SESSION_TTL_MS } from "../../apps/server/src/accounts/sessions.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { authenticatorApps, sessions, users } from "../../apps/server/src/db/schema/index.ts";
import { hashToken } from "../../apps/server/src/lib/tokens.ts";

// accounts.ts's PASSWORD; that module needs vitest, and this one runs under plain node. The session tokens are
// the access-token cookies of a throwaway store's sessions, valid 12 hours from the seed.
export const SPANISH_LEARNER = {
  name: "Lucía Fernández",
  email: "lucia@e2e.test",
  password: "Shelf@2025x",
  sessionToken: "e2e-spanish-learner-session-token-not-a-secret",
};
/** An operator whose setting is Spanish: the admin area's messages in Spanish, without changing the suite's admin. */
export const SPANISH_OPERATOR = {
  name: "Marta Gil",
  email: "marta@e2e.test",
  password: "Shelf@2025x",
  sessionToken: "e2e-spanish-operator-session-token-not-a-secret",
};

if (process.argv[1] === import.meta.filename) {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? "" });
  try {
    const made = await database.db
      .insert(users)
      .values([
        {
          name: SPANISH_LEARNER.name,
          email: SPANISH_LEARNER.email,
          passwordHash: await hashPassword(SPANISH_LEARNER.password),
          displayName: "Lucía",
          language: "Spanish",
        },
        {
          name: SPANISH_OPERATOR.name,
          email: SPANISH_OPERATOR.email,
          passwordHash: await hashPassword(SPANISH_OPERATOR.password),
          displayName: "Marta",
          language: "Spanish",
          role: "admin",
        },
      ])
      .returning({ id: users.id, email: users.email });
    const now = new Date();
    const idOf = (account: { email: string }) => {
      const userId = made.find((user) => user.email === account.email)?.id;
      if (!userId) throw new Error(`no user ${account.email}`);
      return userId;
    };
    // The operator opens the admin area: its account has a second step (an authenticator app) and its
    // session has done it, as a sign-in with a code would leave it.
    const box = await SecretBox.load(database.db);
    await database.db
      .insert(authenticatorApps)
      .values({ userId: idOf(SPANISH_OPERATOR), secret: box.seal(randomBytes(20).toString("hex")), confirmedAt: now });
    await database.db.insert(sessions).values(
      [SPANISH_LEARNER, SPANISH_OPERATOR].map((account) => ({
        userId: idOf(account),
        tokenHash: hashToken(account.sessionToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS.short),
        secondStepAt: account === SPANISH_OPERATOR ? now : null,
      })),
    );
  } finally {
    await database.close();
  }
}
