// Signed-in learners for the benches: an account, one artefact in its cart and
// a session, written straight to the database (no sign-in round trips).
import { and, isNotNull } from "drizzle-orm";
import { hashPassword } from "../src/accounts/password-hash.ts";
import { createSession } from "../src/accounts/sessions.ts";
import type { DbOrTx } from "../src/db/client.ts";
import { cartItems, categories, users } from "../src/db/schema/index.ts";

/** A priced artefact of the catalogue: what the learners put in their carts. */
export async function pricedArtefact(db: DbOrTx): Promise<{ id: number; price: number }> {
  const [artefact] = await db
    .select({ id: categories.id, price: categories.priceMinor })
    .from(categories)
    .where(and(isNotNull(categories.parentId), isNotNull(categories.priceMinor)))
    .limit(1);
  if (!artefact?.price) throw new Error("the catalogue has no priced artefact");
  return { id: artefact.id, price: artefact.price };
}

/** `count` learners named "Bench <tag> <i>", each with `artefactId` in the cart; their session tokens. */
export async function createLearners(
  db: DbOrTx,
  options: { count: number; artefactId: number; tag: string },
): Promise<{ name: string; token: string }[]> {
  const passwordHash = await hashPassword("Bench@2026x");
  const learners: { name: string; token: string }[] = [];
  for (let i = 0; i < options.count; i++) {
    const name = `Bench ${options.tag} ${i}`;
    const [user] = await db
      .insert(users)
      .values({ name, email: `bench-${options.tag}-${i}@example.com`, passwordHash })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    await db.insert(cartItems).values({ userId: user.id, categoryId: options.artefactId });
    const { token } = await createSession({ db, userId: user.id, rememberMe: false, now: new Date() });
    learners.push({ name, token });
  }
  return learners;
}
