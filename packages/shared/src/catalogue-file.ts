import { translationsSchema } from "./catalogue-translations.ts";
import { issueText } from "./i18n/message.ts";
import { valuedMessage } from "./i18n/valued-messages.ts";
import { ICON_NAME_MAX } from "./icons.ts";
import { iconNameOf } from "./legacy-icons.ts";
import { isPriceStep, perCurrency, wholeMinorMessage } from "./money-rules.ts";
import { TAX_CLASSES } from "./tax.ts";
import { z } from "./zod.ts";

/**
 * The catalogue file format read by `npm run catalogue -- import FILE` and
 * written by the admin export. Documented in docs/catalogue-format.md.
 */

// Messages name the file's own fields, untranslated; the rest of each is a catalogue key (valued-messages.ts),
// carried with its values as the issue's text (issueText).
const required = (property: string) => issueText(valuedMessage("propertyRequired", { property }));
const atMost = (property: string, max: number) => issueText(valuedMessage("propertyAtMostChars", { property, max }));

const slug = z
  .string()
  .min(1, required("slug"))
  .max(120, atMost("slug", 120))
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and single hyphens");

const text = (name: string, max: number) => z.string().trim().min(1, required(name)).max(max, atMost(name, max));

const optionalText = (name: string, max: number) => z.string().max(max, atMost(name, max)).nullable().optional();

/**
 * A price in the store currency, in major units with no more decimals than it
 * has (two for GBP, none for JPY; two for KWD, money.ts minorStep). Null means free.
 */
const priceIn = (currency: string) =>
  z
    .number()
    .positive("price must be above 0")
    .max(100000, "price is at most 100000")
    .refine((price) => isPriceStep(price, currency), { message: issueText(wholeMinorMessage("price", currency)) })
    .nullable()
    .optional();

/** How an artefact or a group is taxed (tax.ts). */
const taxClass = z.enum(TAX_CLASSES, { message: "tax_class must be standard or e_publication" });

export const MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;

export const mediaFileSchema = z
  .object({
    name: text("name", 200),
    mimetype: z.enum(MEDIA_TYPES, {
      message: issueText(valuedMessage("mimetypeOneOf", { types: MEDIA_TYPES.join(", ") })),
    }),
    /** Its name (the page's caption) in Spanish and French. */
    translations: translationsSchema("media"),
    /** The file's bytes, base64. */
    data_base64: z.string().min(1).optional(),
    /** Or a path relative to the catalogue file. */
    file: z.string().min(1).optional(),
  })
  .strict()
  .refine((m) => (m.data_base64 === undefined) !== (m.file === undefined), {
    message: "media needs exactly one of data_base64 or file",
  });

export const contentFileSchema = z
  .object({
    slug,
    title: text("title", 200),
    short_description: z.string().max(500, atMost("short_description", 500)).default(""),
    description: z.string().max(200000, atMost("description", 200000)).default(""),
    meta_title: optionalText("meta_title", 200),
    meta_description: optionalText("meta_description", 500),
    media: z.array(mediaFileSchema).default([]),
    /** Related contents as "artefact-slug/content-slug". */
    related: z
      .array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'related entries are "artefact-slug/content-slug"'))
      .default([]),
    translations: translationsSchema("content"),
  })
  .strict();

const categoryFields = {
  slug,
  name: text("name", 120),
  // An icon's name ("simple-icons:docker"); an old file's emoji is read as its icon (legacy-icons.ts).
  icon: z.string().max(ICON_NAME_MAX, atMost("icon", ICON_NAME_MAX)).default("").transform(iconNameOf),
  single_line: z.string().max(300, atMost("single_line", 300)).default(""),
  is_header_menu: z.boolean().default(false),
  hidden: z.boolean().default(false),
  meta_title: optionalText("meta_title", 200),
  meta_description: optionalText("meta_description", 500),
};

/**
 * The file's schema and those of its levels, its prices in the store's `currency`: a file read as it
 * streams is checked an item at a time (an article, then its artefact without its articles, ...).
 */
export const catalogueSchemas = perCurrency((currency) => {
  const price = priceIn(currency);
  const group = z
    .object({
      name: text("name", 120),
      price,
      payment_note: optionalText("payment_note", 300),
      // Null or missing: taxed as its artefact.
      tax_class: taxClass.nullable().optional(),
      translations: translationsSchema("group"),
      contents: z.array(contentFileSchema).default([]),
    })
    .strict();
  const artefact = z
    .object({
      ...categoryFields,
      price,
      payment_note: optionalText("payment_note", 300),
      tax_class: taxClass.default("standard"),
      translations: translationsSchema("artefact"),
      groups: z.array(group).default([]),
      contents: z.array(contentFileSchema).default([]),
    })
    .strict();
  const parent = z
    .object({
      ...categoryFields,
      translations: translationsSchema("parent"),
      artefacts: z.array(artefact).default([]),
    })
    .strict();
  const file = z
    .object({
      // 2 added translations; a file of version 1 has none, and imports as English.
      version: z.union([z.literal(1), z.literal(2)], { message: "version must be 1 or 2" }),
      categories: z.array(parent),
    })
    .strict();
  return { content: contentFileSchema, artefact, parent, file };
});

/** The whole file, its prices in the store's `currency`. */
export const catalogueFileSchema = (currency: string) => catalogueSchemas(currency).file;

export type CatalogueFile = z.infer<ReturnType<typeof catalogueFileSchema>>;
export type CatalogueFileInput = z.input<ReturnType<typeof catalogueFileSchema>>;
export type ParentFile = CatalogueFile["categories"][number];
export type ArtefactFile = ParentFile["artefacts"][number];
export type GroupFile = ArtefactFile["groups"][number];
export type ContentFile = z.infer<typeof contentFileSchema>;
export type MediaFile = z.infer<typeof mediaFileSchema>;
export type ParentFileInput = CatalogueFileInput["categories"][number];
export type ArtefactFileInput = NonNullable<ParentFileInput["artefacts"]>[number];
export type ContentFileInput = z.input<typeof contentFileSchema>;
