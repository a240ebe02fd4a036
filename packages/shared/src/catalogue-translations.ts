import { DEFAULT_LANGUAGE, type LanguageCode } from "./i18n/languages.ts";
import { issueText } from "./i18n/message.ts";
import { valuedMessage } from "./i18n/valued-messages.ts";
import { z } from "./zod.ts";

/**
 * The catalogue's texts in the store's other languages. English is the
 * item's own columns; each other language may give any of its texts, kept as
 * `{ "es": { "name": "…" }, "fr": { … } }` (a row's `translations`, the
 * catalogue file's `translations`). A text a language does not give is shown
 * in English, marked as English (`untranslated`).
 */
export const TRANSLATED_LANGUAGES = ["es", "fr"] as const satisfies readonly LanguageCode[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/**
 * In a Spanish or French answer, which of an object's catalogue texts have no translation in that language
 * and are given in English (pages mark them `lang="en"`); absent when every text is in the answer's language.
 */
export const untranslatedSchema = z
  .array(z.string())
  .optional()
  .describe("In a Spanish or French answer: the names of this object's texts given in English, untranslated");

/** The catalogue's reads take the language to answer in (GET /api/categories?lang=es, …). */
export const catalogueLanguageQuery = z.object({
  lang: z
    .enum(["en", ...TRANSLATED_LANGUAGES])
    .default("en")
    .describe(
      "the language of the catalogue's texts: en (the default), es or fr; a text with no translation is in English",
    ),
});

/** Each kind of item's translatable texts, by their file and API names, with their longest length. */
export const TRANSLATABLE_TEXTS = {
  parent: { name: 120, single_line: 300, meta_title: 200, meta_description: 500 },
  artefact: { name: 120, single_line: 300, meta_title: 200, meta_description: 500, payment_note: 300 },
  group: { name: 120, payment_note: 300 },
  content: { title: 200, short_description: 500, description: 200000, meta_title: 200, meta_description: 500 },
  media: { name: 200 },
} as const;
export type TranslatableKind = keyof typeof TRANSLATABLE_TEXTS;
export type TranslatableText<K extends TranslatableKind> = keyof (typeof TRANSLATABLE_TEXTS)[K] & string;

/** One language's texts of an item; a missing or empty one is not translated. */
export type TextsOf<F extends string> = Partial<Record<F, string>>;
export type Translations<F extends string = string> = Partial<Record<TranslatedLanguage, TextsOf<F>>>;

/**
 * The translations of an item of `kind`, as the file and the admin editor give them: texts are
 * trimmed, and an empty one (or a language with none) is dropped, so it falls back to English.
 */
export function translationsSchema<K extends TranslatableKind>(kind: K) {
  const limits: Record<string, number> = TRANSLATABLE_TEXTS[kind];
  const texts = z
    .object(
      Object.fromEntries(Object.entries(limits).map(([field, max]) => [field, translatedText(field, max)])) as Record<
        TranslatableText<K>,
        ReturnType<typeof translatedText>
      >,
    )
    .strict();
  return z
    .object({ es: texts.optional(), fr: texts.optional() } satisfies Record<TranslatedLanguage, unknown>)
    .strict()
    .default({})
    .transform((given) => withoutEmpty(given as Translations<TranslatableText<K>>));
}

/** An item's stored translations, as the admin API answers them. */
export const storedTranslationsSchema = z
  .object({
    es: z.partialRecord(z.string(), z.string()).optional(),
    fr: z.partialRecord(z.string(), z.string()).optional(),
  })
  .describe("Its texts in Spanish and French, by their names; a text missing here is shown in English");

/** What the editor translates: a parent or artefact (`category`), a group, an article or a media file. */
export const TRANSLATED_ITEMS = ["category", "group", "content", "media"] as const;
export type TranslatedItem = (typeof TRANSLATED_ITEMS)[number];
/** One item's translations; a category's texts are an artefact's (a parent's payment note is not shown). */
const itemUpdate = <I extends TranslatedItem>(kind: I, texts: TranslatableKind) =>
  z.object({ kind: z.literal(kind), id: z.coerce.number().int().positive(), translations: translationsSchema(texts) });

/** The operator's translations of one item: PUT /api/admin/catalogue/translations and the editor's form. */
export const translationUpdateSchema = z.discriminatedUnion("kind", [
  itemUpdate("category", "artefact"),
  itemUpdate("group", "group"),
  itemUpdate("content", "content"),
  itemUpdate("media", "media"),
]);
export type TranslationUpdate = z.output<typeof translationUpdateSchema>;

/** The translations a form posts as `es.name`, `fr.single_line`, …: the others fields are left out. */
export function translationsOfFields(fields: Record<string, unknown>): Translations {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, value] of Object.entries(fields)) {
    const [language, text, ...rest] = name.split(".");
    if (!language || !text || rest.length > 0 || typeof value !== "string") continue;
    if (!(TRANSLATED_LANGUAGES as readonly string[]).includes(language)) continue;
    out[language] = { ...out[language], [text]: value };
  }
  return out;
}

/** One translated text: trimmed, empty as missing. */
function translatedText(field: string, max: number) {
  return z
    .string()
    .max(max, issueText(valuedMessage("propertyAtMostChars", { property: field, max })))
    .nullable()
    .optional()
    .transform((value) => value?.trim() || undefined);
}

/** The translations with no empty text and no language left empty. */
export function withoutEmpty<F extends string>(translations: Translations<F>): Translations<F> {
  const kept: Translations<F> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const texts = Object.entries(translations[language] ?? {}).filter(
      (entry): entry is [F, string] => typeof entry[1] === "string" && entry[1] !== "",
    );
    if (texts.length > 0) kept[language] = Object.fromEntries(texts) as TextsOf<F>;
  }
  return kept;
}

/** The texts of `fields` an item lacks in `language` (none in English): what the editor lists as missing. */
export function missingTexts<F extends string>(
  english: Partial<Record<F, string | null>>,
  translations: Translations<F> | null | undefined,
  language: LanguageCode,
): F[] {
  if (language === DEFAULT_LANGUAGE) return [];
  const texts: TextsOf<F> = translations?.[language as TranslatedLanguage] ?? {};
  return (Object.keys(english) as F[]).filter((field) => Boolean(english[field]) && !texts[field]);
}

/**
 * An item's texts in `language`: each translated one in place of the English, and the English ones
 * a page shows listed in `untranslated` (absent in English, and when every text is translated).
 */
export function localized<T extends object, F extends keyof T & string>(
  item: T,
  fields: readonly F[],
  translations: Translations<F> | null | undefined,
  language: LanguageCode,
): T & { untranslated?: F[] } {
  if (language === DEFAULT_LANGUAGE) return item;
  const texts: TextsOf<F> = translations?.[language as TranslatedLanguage] ?? {};
  const out = { ...item } as T & { untranslated?: F[] };
  const untranslated: F[] = [];
  for (const field of fields) {
    const text = texts[field];
    if (text) (out as Record<F, unknown>)[field] = text;
    else if (item[field]) untranslated.push(field);
  }
  if (untranslated.length > 0) out.untranslated = untranslated;
  return out;
}
