import { storedTranslationsSchema } from "./catalogue-translations.ts";
import { issueText } from "./i18n/message.ts";
import { valuedMessage } from "./i18n/valued-messages.ts";
import { DEFAULT_ICON, ICON_NAME_MAX, isIconName } from "./icons.ts";
import { MAX_ID, rowId } from "./ids.ts";
import { legacyIconOf } from "./legacy-icons.ts";
import { isPriceStep, perCurrency, wholeMinorMessage } from "./money-rules.ts";
import { pageCursorFields } from "./paging.ts";
import { RESERVED_SLUGS } from "./reserved-slugs.ts";
import { TAX_CLASSES } from "./tax.ts";
import { teamViewSchema } from "./teams.ts";
import { z } from "./zod.ts";

/**
 * The operator's catalogue forms: one schema per form, checked in the browser
 * and again on the server, with the messages both show. The limits are those
 * of the catalogue file (catalogue-file.ts), so whatever the admin area saves
 * can always be exported and imported again.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ADMIN_MESSAGES = {
  slugRequired: "Slug is required",
  slugFormat: "Use lower-case letters, digits and single hyphens",
  slugReserved: "This slug is reserved for a page of the store.",
  priceNumber: "Price must be a number",
  unsupportedFile: "Unsupported file format.",
  noFiles: "Choose at least one image or PDF.",
  parentHasArtefacts: "Delete or move its artefacts first.",
  parentNoPrice: "Only artefacts have a price.",
  groupElsewhere: "The group must belong to this artefact.",
  relatedSelf: "A content cannot be related to itself.",
  relatedMissing: "Some of these contents do not exist.",
  reorderMismatch: "The list does not match the items to reorder.",
  iconUnknown: "Choose an icon from the list.",
  taxClassUnknown: "Choose a tax class from the list.",
} as const;

/** An upload too large (the admin catalogue's uploads). */
export const fileTooLargeMessage = (maxBytes: number) =>
  valuedMessage("fileTooLarge", { megabytes: Math.floor(maxBytes / 1024 / 1024) });

const required = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

const plain = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** Optional texts: a blank field is stored as "none", so pages fall back to their defaults. */
const optionalText = (max: number, label: string) =>
  plain(max, label)
    .nullable()
    .transform((v) => v || null);

/**
 * An icon's name ("simple-icons:docker", icons.ts). Blank is the default icon, and the
 * emoji an older client sends is read as its icon (legacy-icons.ts); the server also
 * checks that a set has the icon (icon-sets.ts).
 */
const icon = z
  .string()
  .trim()
  .max(ICON_NAME_MAX, `Icon must be at most ${ICON_NAME_MAX} characters`)
  .transform((value) => legacyIconOf(value) ?? value)
  .refine(isIconName, { message: ADMIN_MESSAGES.iconUnknown });

const slug = required(ADMIN_MESSAGES.slugRequired, 120, "Slug").regex(SLUG_PATTERN, ADMIN_MESSAGES.slugFormat);

/** Category slugs are top-level paths (/{slug}): the store's own routes are not available. */
export const categorySlugSchema = slug.refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), {
  message: ADMIN_MESSAGES.slugReserved,
});
export const contentSlugSchema = slug;

/**
 * Major units of the store currency, with no more decimals than it has (two
 * for GBP, none for JPY; two for KWD, money.ts minorStep); null (or a blank field) is free.
 */
export const priceSchema = perCurrency((currency) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v)) : v),
    z
      .number({ error: ADMIN_MESSAGES.priceNumber })
      .positive("Price must be above 0")
      .max(100000, "Price must be at most 100000")
      .refine((price) => isPriceStep(price, currency), { message: issueText(wholeMinorMessage("Price", currency)) })
      .nullable(),
  ),
);

/** How an artefact is taxed (tax.ts); a parent category's is ignored, since parents are never sold. */
const taxClass = z.enum(TAX_CLASSES, { error: ADMIN_MESSAGES.taxClassUnknown });

/** How a group is taxed: null (or the form's blank choice) is as its artefact. */
const groupTaxClass = z.preprocess((v) => (v === "" ? null : v), taxClass.nullable());

/** 0 or null: none (a parent category, an ungrouped content). */
const optionalId = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_ID)
  .nullable()
  .transform((v) => v || null);

const categoryFields = {
  slug: categorySlugSchema,
  name: required("Name is required", 120, "Name"),
  icon,
  single_line: plain(300, "Single line"),
  is_header_menu: z.boolean(),
  hidden: z.boolean(),
  payment_note: optionalText(300, "Payment note"),
  meta_title: optionalText(200, "Meta title"),
  meta_description: optionalText(500, "Meta description"),
};

/** A parent category when parent_id is null or 0, else an artefact under that parent; prices in `currency`. */
export const categoryCreateSchema = perCurrency((currency) =>
  z.object({
    ...categoryFields,
    price: priceSchema(currency).default(null),
    parent_id: optionalId.default(null),
    icon: categoryFields.icon.default(DEFAULT_ICON),
    single_line: categoryFields.single_line.default(""),
    is_header_menu: categoryFields.is_header_menu.default(false),
    hidden: categoryFields.hidden.default(false),
    payment_note: categoryFields.payment_note.default(null),
    tax_class: taxClass.default("standard"),
    meta_title: categoryFields.meta_title.default(null),
    meta_description: categoryFields.meta_description.default(null),
  }),
);

/** Only the fields sent change; an artefact may move to another parent. */
export const categoryUpdateSchema = perCurrency((currency) =>
  z.object({
    parent_id: optionalId.optional(),
    slug: categoryFields.slug.optional(),
    name: categoryFields.name.optional(),
    icon: categoryFields.icon.optional(),
    single_line: categoryFields.single_line.optional(),
    is_header_menu: categoryFields.is_header_menu.optional(),
    hidden: categoryFields.hidden.optional(),
    price: priceSchema(currency).optional(),
    payment_note: categoryFields.payment_note.optional(),
    tax_class: taxClass.optional(),
    meta_title: categoryFields.meta_title.optional(),
    meta_description: categoryFields.meta_description.optional(),
  }),
);

const groupFields = {
  name: required("Name is required", 120, "Name"),
  payment_note: optionalText(300, "Payment note"),
};

export const groupCreateSchema = perCurrency((currency) =>
  z.object({
    name: groupFields.name,
    price: priceSchema(currency).default(null),
    payment_note: groupFields.payment_note.default(null),
    tax_class: groupTaxClass.default(null),
  }),
);

export const groupUpdateSchema = perCurrency((currency) =>
  z.object({
    name: groupFields.name.optional(),
    price: priceSchema(currency).optional(),
    payment_note: groupFields.payment_note.optional(),
    tax_class: groupTaxClass.optional(),
  }),
);

const contentFields = {
  slug: contentSlugSchema,
  title: required("Title is required", 200, "Title"),
  short_description: plain(500, "Short description"),
  /** HTML; the server sanitizes it before storing and answers with what it stored. */
  description: z.string().max(200000, "The article must be at most 200000 characters"),
  meta_title: optionalText(200, "Meta title"),
  meta_description: optionalText(500, "Meta description"),
  group_id: optionalId,
};

export const contentCreateSchema = z.object({
  slug: contentFields.slug,
  title: contentFields.title,
  short_description: contentFields.short_description.default(""),
  description: contentFields.description.default(""),
  meta_title: contentFields.meta_title.default(null),
  meta_description: contentFields.meta_description.default(null),
  group_id: contentFields.group_id.default(null),
});

export const contentUpdateSchema = z.object({
  slug: contentFields.slug.optional(),
  title: contentFields.title.optional(),
  short_description: contentFields.short_description.optional(),
  description: contentFields.description.optional(),
  meta_title: contentFields.meta_title.optional(),
  meta_description: contentFields.meta_description.optional(),
  group_id: contentFields.group_id.optional(),
});

const ids = z
  .array(z.number().int().positive().max(MAX_ID))
  .max(1000)
  .refine((list) => new Set(list).size === list.length, { message: "Each item may be listed once." });

/** The new order of some siblings, first to last; siblings left out follow in their current order. */
export const reorderSchema = z.object({ ids: ids.min(1, ADMIN_MESSAGES.reorderMismatch) });
export const categoryReorderSchema = reorderSchema.extend({ parent_id: optionalId.default(null) });

/** The editor's ↑ and ↓: an item moved a place among its siblings (the form names only the item). */
export const moveSchema = z.object({
  kind: z.enum(["category", "group", "content"]),
  id: rowId(),
  step: z.enum(["-1", "1"]).transform((step) => (step === "-1" ? -1 : 1) as -1 | 1),
});

/** The related contents of one content, in the order its page lists them. */
export const relatedSchema = z.object({ ids: ids.max(50, "At most 50 related contents.") });

export const previewSchema = z.object({ html: contentFields.description });

/** What the learners screen's buttons change (POST /api/admin/users/{id}/{action}, and the page's forms). */
export const USER_ACTIONS = ["verify-email", "block", "unblock", "make-admin", "remove-admin"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** One of the learners screen's forms: what to change for which learner. */
export const adminUserActionSchema = z.object({
  id: rowId("id is required"),
  user_action: z.enum(USER_ACTIONS, { error: "Choose what to change" }),
});

/** An order's refund form (the operator's, or the learner's own): the order. */
export const orderRefundSchema = z.object({ id: rowId("id is required") });

const ID_FIELDS = ["parent_id", "group_id"] as const;

/**
 * An admin form's posted fields as the schemas above read them: the id
 * choices as numbers, a blank one as none. The same in the browser (before
 * sending) and in the page's action.
 */
export function adminFormInput(values: Record<string, string | boolean>): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  for (const name of ID_FIELDS) {
    const value = values[name];
    if (typeof value === "string") input[name] = value.trim() === "" ? null : Number(value);
  }
  return input;
}

export type CategoryCreate = z.infer<ReturnType<typeof categoryCreateSchema>>;
export type CategoryUpdate = z.infer<ReturnType<typeof categoryUpdateSchema>>;
export type GroupCreate = z.infer<ReturnType<typeof groupCreateSchema>>;
export type GroupUpdate = z.infer<ReturnType<typeof groupUpdateSchema>>;
export type ContentCreate = z.infer<typeof contentCreateSchema>;
export type ContentUpdate = z.infer<typeof contentUpdateSchema>;

/* What the admin calls answer (in `data`), declared as the API's response schemas. Prices are major units; null is free. */

const id = z.number().int();
const nullableText = z.string().nullable();

export const adminCategorySchema = z.object({
  id,
  parent_id: id.describe("0 for a parent category"),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  single_line: z.string(),
  is_header_menu: z.boolean(),
  hidden: z.boolean(),
  price: z.number().nullable(),
  payment_note: nullableText,
  tax_class: z.enum(TAX_CLASSES).optional().describe("How an artefact is taxed; a parent category has none"),
  meta_title: nullableText,
  meta_description: nullableText,
  translations: storedTranslationsSchema,
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminGroupSchema = z.object({
  id,
  category_id: id,
  name: z.string(),
  price: z.number().nullable(),
  payment_note: nullableText,
  tax_class: z.enum(TAX_CLASSES).nullable().describe("null: taxed as its artefact"),
  sold: z.boolean().describe("Some order bought it: it cannot be deleted"),
  translations: storedTranslationsSchema,
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

export const adminMediaSchema = z.object({
  id,
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  translations: storedTranslationsSchema,
});
export type AdminMedia = z.infer<typeof adminMediaSchema>;

export const adminRelatedRefSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  category_slug: z.string(),
});
export type AdminRelatedRef = z.infer<typeof adminRelatedRefSchema>;

export const adminContentSummarySchema = z.object({
  id,
  category_id: id,
  group_id: id.nullable(),
  slug: z.string(),
  title: z.string(),
  short_description: z.string(),
  media: z.array(adminMediaSchema),
  related: z.array(adminRelatedRefSchema),
});
export type AdminContentSummary = z.infer<typeof adminContentSummarySchema>;

export const adminContentSchema = adminContentSummarySchema.extend({
  description: z.string().describe("Sanitized HTML, as stored"),
  meta_title: nullableText,
  meta_description: nullableText,
  translations: storedTranslationsSchema,
});
export type AdminContent = z.infer<typeof adminContentSchema>;

export const adminArtefactNodeSchema = adminCategorySchema.extend({
  sold: z.boolean(),
  lowest_group_price: z
    .number()
    .nullable()
    .describe("The lowest price of its groups sold on their own, open or not; null when none is"),
  groups: z.array(adminGroupSchema.extend({ contents: z.array(adminContentSummarySchema) })),
  contents: z.array(adminContentSummarySchema).describe("Contents in no group"),
});
export type AdminArtefactNode = z.infer<typeof adminArtefactNodeSchema>;

export const adminParentNodeSchema = adminCategorySchema.extend({ artefacts: z.array(adminArtefactNodeSchema) });
export type AdminParentNode = z.infer<typeof adminParentNodeSchema>;

export const adminCatalogueTreeSchema = z.object({ currency: z.string(), categories: z.array(adminParentNodeSchema) });
export type AdminCatalogueTree = z.infer<typeof adminCatalogueTreeSchema>;

/** A page of the editor's tree: some parents, in order, and where the pages on either side start. */
export const adminCataloguePageSchema = adminCatalogueTreeSchema.extend(pageCursorFields);
export type AdminCataloguePage = z.infer<typeof adminCataloguePageSchema>;

/** What a catalogue import replaced the catalogue with. */
export const importSummarySchema = z.object({
  parents: z.number().int(),
  artefacts: z.number().int(),
  groups: z.number().int(),
  contents: z.number().int(),
  media: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** One row of GET /api/admin/users. */
export const adminUserRowSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  role: z.enum(["learner", "admin"]),
  email_verified: z.boolean(),
  blocked: z.boolean(),
  /** Deleted by its owner ("Delete my account"): anonymised, kept for its orders; no action applies. */
  deleted: z.boolean(),
  created_at: z.string().describe("ISO 8601"),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

const refundState = z.enum(["pending", "refunded"]).nullable();
const customer = z.object({ name: z.string(), email: z.string() });

/** One row of GET /api/admin/orders. */
export const adminOrderRowSchema = z.object({
  id,
  order_id: z.string(),
  created_at: z.string().describe("ISO 8601"),
  amount: z.number(),
  currency: z.string(),
  payment_method: z.string(),
  refund_state: refundState,
  customer,
  seats: z
    .object({ seats: z.number().int(), claimed: z.number().int() })
    .nullable()
    .describe("a team order's seats (not refunded) and how many are claimed; null for an order without seats"),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** GET /api/admin/orders/{id}: the learner's order detail (api.ts) with its learner, provider and refund. */
export const adminOrderFields = {
  teams: z
    .array(teamViewSchema)
    .optional()
    .describe("the team purchases the order bought or added seats to: seats, claimed, holders (absent: none)"),
  provider: z
    .string()
    .describe("stripe, paypal or payu; none for an order nothing was paid for (fulfilled at checkout)"),
  refund_state: refundState,
  refunded_at: z.string().nullable(),
  refund_ref: nullableText,
  customer,
  tax_evidence: z
    .object({
      billing_country: z.string(),
      ip_address: z.string(),
      ip_country: z.string().nullable().describe("null for a private or unknown address"),
      payer_country: z.string().nullable().describe("the country the payer gave the provider, when it said"),
      conflicts: z.boolean().describe("no other piece agrees with the declared country, and one contradicts it"),
      country_confirmed: z
        .boolean()
        .describe("the buyer confirmed their billing country at checkout, where their address said another"),
    })
    .nullable()
    .describe("where the buyer is, as the checkout knew it (VAT evidence); null before VAT"),
};
