import type { Translations, TranslationUpdate } from "@skillshelf/shared/catalogue-translations.ts";
import { eq } from "drizzle-orm";
import { sanitizedTranslations } from "../../catalogue/sanitize-html.ts";
import type { Db } from "../../db/client.ts";
import { categories, contentGroups, contentMedia, contents } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { catalogueWrite } from "./catalogue-write.ts";
import { ITEM_NOT_FOUND } from "./move-item.ts";

const TABLES = { category: categories, group: contentGroups, content: contents, media: contentMedia } as const;
const NOT_FOUND = { ...ITEM_NOT_FOUND, media: "Media not found" };

/**
 * Replaces an item's translations with the operator's (every language's texts at once, as the editor
 * shows them side by side): an article's bodies are sanitized as its English one is. A parent has
 * no payment note to translate. Answers what was stored.
 */
export async function translateItem(db: Db, { kind, id, translations }: TranslationUpdate): Promise<Translations> {
  return catalogueWrite(db, async (tx) => {
    let stored: Translations = kind === "content" ? sanitizedTranslations(translations) : translations;
    if (kind === "category") {
      const [row] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id));
      if (row?.parentId === null) stored = withoutPaymentNote(stored);
    }
    const table = TABLES[kind];
    const [row] = await tx
      .update(table)
      .set({ translations: stored })
      .where(eq(table.id, id))
      .returning({ translations: table.translations });
    if (!row) throw new AppError("not_found", NOT_FOUND[kind]);
    return row.translations;
  });
}

function withoutPaymentNote(translations: Translations): Translations {
  return Object.fromEntries(
    Object.entries(translations).map(([language, { payment_note: _, ...texts }]) => [language, texts]),
  );
}
