import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { entitlements, users } from "../../src/db/schema/index.ts";
import type { TestStore } from "./app.ts";

/**
 * `count` learners who own the whole of an artefact, written as rows at once
 * (what a busy store's owners are to a new article): their languages in turn,
 * their e-mail notifications on. What they own comes from `orderId`, one real
 * order, as the entitlements need one; they never sign in.
 */
export async function manyOwners(store: TestStore, artefact: ListingResponse, count: number, orderId: number) {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const owners = await store.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Owner ${i}`,
        email: `owner${i}-${stamp}@example.com`,
        passwordHash: "not a hash: these learners never sign in",
        language: ["English", "Spanish", "French"][i % 3] as string,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await store.database.db
    .insert(entitlements)
    .values(owners.map(({ id }) => ({ userId: id, categoryId: artefact.seo_data.id, orderId })));
  return owners;
}
