// Run by global-setup.ts before the store starts: a learner and an operator whose language setting is Spanish,
// so the languages test can sign in as them without spending one of the suite's few registrations (10 an hour).
import { hashPassword } from "../../apps/server/src/accounts/password-hash.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { users } from "../../apps/server/src/db/schema/index.ts";

// accounts.ts's PASSWORD; that module needs vitest, and this one runs under plain node.
export const SPANISH_LEARNER = { name: "Lucía Fernández", email: "lucia@e2e.test", password: "Shelf@2025x" };
/** An operator whose setting is Spanish: the admin area's messages in Spanish, without changing the suite's admin. */
export const SPANISH_OPERATOR = { name: "Marta Gil", email: "marta@e2e.test", password: "Shelf@2025x" };

if (process.argv[1] === import.meta.filename) {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? "" });
  try {
    await database.db.insert(users).values([
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
    ]);
  } finally {
    await database.close();
  }
}
