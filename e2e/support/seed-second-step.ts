// Run by global-setup.ts before the store starts (the embedded database serves one process): the CLI's operator
// gets an authenticator app (global-setup.ts signs it in with a code once the store runs), and two accounts for
// account-second-step.test.ts are made (registering them would spend the run's sign-ups).
import { eq } from "drizzle-orm";
import { hashPassword } from "../../apps/server/src/accounts/password-hash.ts";
import { SecretBox } from "../../apps/server/src/accounts/second-step.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { authenticatorApps, users } from "../../apps/server/src/db/schema/index.ts";
import { ADMIN_SECOND_STEP, NEW_OPERATOR, PASSKEY_LEARNER } from "./second-step.ts";

if (process.argv[1] === import.meta.filename) {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? "" });
  try {
    const { db } = database;
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_SECOND_STEP.email));
    if (!admin) throw new Error(`No operator ${ADMIN_SECOND_STEP.email}: create-admin runs first`);
    const box = await SecretBox.load(db);
    const now = new Date();
    await db
      .insert(authenticatorApps)
      .values({ userId: admin.id, secret: box.seal(ADMIN_SECOND_STEP.secret), confirmedAt: now });
    for (const account of [
      { ...NEW_OPERATOR, role: "admin" as const },
      { ...PASSKEY_LEARNER, role: "learner" as const },
    ]) {
      await db.insert(users).values({
        name: account.name,
        displayName: account.name,
        email: account.email,
        role: account.role,
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: now,
      });
    }
  } finally {
    await database.close();
  }
}
