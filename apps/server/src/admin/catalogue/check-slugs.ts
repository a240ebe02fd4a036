import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { categories, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

/*
 * The form schemas check a slug's shape and reserved words; these check that
 * it is free. Category slugs are page addresses (/{slug}) shared by parents and
 * artefacts; content slugs (/{artefact}/{slug}) need only be unique in their artefact.
 */

export async function assertCategorySlugFree(tx: DbOrTx, slug: string, exceptId?: number): Promise<void> {
  const [owner] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId === undefined ? undefined : ne(categories.id, exceptId)));
  if (owner) throw slugTaken(owner.name);
}

export async function assertContentSlugFree(
  tx: DbOrTx,
  options: { categoryId: number; slug: string; exceptId?: number },
): Promise<void> {
  const { categoryId, slug, exceptId } = options;
  const [owner] = await tx
    .select({ title: contents.title })
    .from(contents)
    .where(
      and(
        eq(contents.categoryId, categoryId),
        eq(contents.slug, slug),
        exceptId === undefined ? undefined : ne(contents.id, exceptId),
      ),
    );
  if (owner) throw slugTaken(owner.title);
}

function slugTaken(owner: string): AppError {
  const message = valuedMessage("slugTaken", { owner });
  return new AppError("invalid", message, { slug: message });
}
