import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "../accounts/password-hash.ts";
import type { Db } from "../db/client.ts";
import { passwordResets, users } from "../db/schema/index.ts";
import { newToken } from "../lib/tokens.ts";

/** How long the first admin's set-password link works. */
const ADMIN_LINK_TTL_MS = 24 * 3600_000;

/**
 * Makes EMAIL an admin, creating the account if needed with a password nobody
 * knows, and returns a one-time link to set the password (the reset page).
 */
export async function createAdmin(options: { db: Db; email: string; publicUrl: string; now: Date }): Promise<{
  link: string;
  created: boolean;
}> {
  const email = options.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) throw new Error(`"${options.email}" is not an e-mail address.`);
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  return options.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).for("update");
    let userId = existing?.id;
    if (userId === undefined) {
      const name = email.split("@")[0] ?? "Admin";
      const [row] = await tx
        .insert(users)
        .values({ name, displayName: name, email, passwordHash: unusable, role: "admin", emailVerifiedAt: options.now })
        .returning({ id: users.id });
      userId = row?.id;
    } else {
      await tx.update(users).set({ role: "admin", updatedAt: options.now }).where(eq(users.id, userId));
    }
    if (userId === undefined) throw new Error("could not create the admin");
    await tx.update(passwordResets).set({ consumedAt: options.now }).where(eq(passwordResets.userId, userId));
    const { token, hash } = newToken();
    await tx.insert(passwordResets).values({
      userId,
      tokenHash: hash,
      createdAt: options.now,
      expiresAt: new Date(options.now.getTime() + ADMIN_LINK_TTL_MS),
    });
    return { link: `${options.publicUrl}/reset-password/${token}`, created: existing === undefined };
  });
}
