import type {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  settingsSchema,
} from "./account-forms.ts";
import {
  type AdminArtefactNode,
  type AdminCataloguePage,
  type AdminCategory,
  type AdminContent,
  type AdminGroup,
  type AdminOrderRow,
  type AdminUserRow,
  adminOrderFields,
  type adminUserActionSchema,
  type CategoryCreate,
  type CategoryUpdate,
  type ContentCreate,
  type ContentUpdate,
  type GroupCreate,
  type GroupUpdate,
} from "./admin-forms.ts";
import type {
  AuditEventRow,
  AuditQuery,
  deletionConfirmSchema,
  deletionRequestSchema,
  OwnSecurityEventRow,
} from "./audit.ts";
import type { addToCartSchema, removeFromCartSchema, startPaymentSchema } from "./cart-forms.ts";
import { type Translations, type TranslationUpdate, untranslatedSchema } from "./catalogue-translations.ts";
import type { AdminCouponRow, CreateCouponInput, couponCodeSchema } from "./coupons.ts";
import type { LanguageCode } from "./i18n/languages.ts";
import type { Message } from "./i18n/message.ts";
import type { Resources } from "./i18n/page-translator.ts";
import type { IconChoice, IconSvgs } from "./icons.ts";
import { NOTIFICATION_KINDS } from "./notification-texts.ts";
import { type Page, type PageRequest, pageCursorFields } from "./paging.ts";
import { type ArticleProgress, itemProgressSchema, type progressFormSchema } from "./progress.ts";
import { type SalesAnswer, salesReportSchema } from "./sales.ts";
import type { SearchResults } from "./search.ts";
import type {
  AuthenticatorSetupView,
  confirmAppSchema,
  PasskeyRow,
  removeAppSchema,
  removePasskeySchema,
  renamePasskeySchema,
  SecondStepView,
  secondStepCodeSchema,
} from "./second-step-forms.ts";
import type { billingSchema, VatRateChange, VatRateChangeRow, VatRatesView } from "./tax.ts";
import type {
  InvitationView,
  invitationCodeSchema,
  TeamView,
  teamInvitationSchema,
  teamInviteSchema,
  teamMoreSeatsSchema,
  teamSeatSchema,
  VolumeTier,
} from "./teams.ts";
import { z } from "./zod.ts";

/**
 * The JSON shapes of CONTRACT.md section 2 and SPEC.md section 3, and the
 * in-process interface the server hands to the page loaders. Each answer is a
 * zod schema: the API declares it as its response (validated when sent, and
 * shown at /api/docs) and the types below are inferred from it, so a shape is
 * written once.
 */

const id = z.number().int();
const nullableText = z.string().nullable();

/** Every answer: `{ status, message, ... }`. */
export const envelopeSchema = z.object({ status: z.boolean(), message: z.string() });
export type Envelope = z.infer<typeof envelopeSchema>;

/** Every 4xx (and 5xx) answer: CONTRACT.md section 2's error envelope. */
export const errorEnvelopeSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe("field → message (422), with the messages of SPEC.md section 5"),
    line: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        "catalogue import: the line of the file that is refused (null when the refusal is about the whole catalogue)",
      ),
    reason: z.string().optional().describe("catalogue import: why that line is refused"),
  })
  .meta({ id: "ErrorEnvelope", description: "The error envelope of every 4xx and 5xx answer" });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** A success envelope whose other fields are `fields`. */
export const okEnvelope = <Shape extends z.ZodRawShape>(fields: Shape) => envelopeSchema.extend(fields);

const untranslated = untranslatedSchema;

/** A child entry of a category: an artefact of a parent, a content item of an artefact. */
export const categoryEntrySchema = z.object({ id, slug: z.string(), name: z.string(), untranslated });
export type CategoryEntry = z.infer<typeof categoryEntrySchema>;

export const categorySchema = z.object({
  id,
  slug: z.string(),
  parent_id: id.describe("0 for a top-level (parent) category, -1 for the 'More..' pseudo-category's parent"),
  icon: z.string(),
  name: z.string(),
  single_line: z.string(),
  is_header_menu: z.union([z.literal(0), z.literal(1)]),
  content: z
    .array(categoryEntrySchema)
    .describe("Parents: their artefacts. Artefacts: their content items. More..: the non-header categories."),
  untranslated,
});
export type Category = z.infer<typeof categorySchema>;

export const seoDataSchema = z.object({ meta_title: nullableText, meta_description: nullableText });
export type SeoData = z.infer<typeof seoDataSchema>;

export const categoriesResponseSchema = okEnvelope({
  data: z.array(categorySchema),
  header_category: z
    .array(categorySchema)
    .describe("The header categories, followed by the 'More..' pseudo-category (id -1, slug more)"),
  seo_data: seoDataSchema,
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** GET /api/categories/more: the 'More..' dropdown's list, loaded when it opens. */
export const moreCategoriesResponseSchema = okEnvelope({
  data: z.array(categoryEntrySchema).describe("The non-header categories, in catalogue order"),
});
export type MoreCategoriesResponse = z.infer<typeof moreCategoriesResponseSchema>;

/** What the navigation bar shows on every page: a few links, never the whole catalogue. */
export interface Navigation {
  /** The header categories (is_header_menu = 1). */
  header: CategoryEntry[];
  /** Whether 'More..' has entries; its list is loaded when it opens. */
  hasMore: boolean;
}

/**
 * What an artefact costs, as its cards show it: its own price; else, when only some
 * groups are priced, the cheapest group's ("From"); null when nothing in it is priced.
 */
export const artefactOfferSchema = z.object({ price: z.number().nullable(), from: z.boolean() });
export type ArtefactOffer = z.infer<typeof artefactOfferSchema>;

/** One artefact as the home page's tile shows it: no article titles, only their number. */
export const artefactTileSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  single_line: z.string(),
  count: z.number().int(),
  offer: artefactOfferSchema,
  untranslated,
});
export type ArtefactTileData = z.infer<typeof artefactTileSchema>;

export const homeParentSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  single_line: z.string(),
  artefacts: z.array(artefactTileSchema),
  untranslated,
});
export type HomeParent = z.infer<typeof homeParentSchema>;

/** Icons drawn: each `icon` value a response carries, with its SVG (icons.ts IconSvg). */
export const iconSvgsSchema = z
  .record(z.string(), z.object({ body: z.string(), viewBox: z.string() }))
  .describe("Each icon value with the SVG it draws: its body (the icon set's markup) and viewBox");

/** What the home page shows of the catalogue, built once per catalogue version (the server's own). */
export interface HomeCatalogue {
  parents: HomeParent[];
  articleCount: number;
  artefactCount: number;
  currency: string;
  icons: IconSvgs;
}

/** Home lists its artefacts a page at a time, so it weighs the same at any catalogue size. */
export const HOME_TILES_PER_PAGE = 36;
export const HOME_QUERY_MESSAGES = {
  letter: "letter must be one letter from A to Z",
  page: "page must be a whole number of at least 1",
} as const;

/** Home's A-Z filter and page, as its URL (/?letter=D&page=2) and GET /api/categories/home take them. */
export const homeQuerySchema = z.object({
  letter: z
    .string({ error: HOME_QUERY_MESSAGES.letter })
    .regex(/^[A-Za-z]?$/, HOME_QUERY_MESSAGES.letter)
    .optional()
    .transform((letter) => (letter ? letter.toUpperCase() : null))
    .describe("only the artefacts whose name starts with this letter, A to Z (any case); empty or absent: all"),
  page: z.coerce
    .number({ error: HOME_QUERY_MESSAGES.page })
    .int(HOME_QUERY_MESSAGES.page)
    .min(1, HOME_QUERY_MESSAGES.page)
    .max(1_000_000, HOME_QUERY_MESSAGES.page)
    .default(1)
    .describe(`which page of ${HOME_TILES_PER_PAGE} artefacts; past the last, the last`),
});
export type HomeQuery = z.output<typeof homeQuerySchema>;

/** One page of home's artefacts, each under its parent, in the catalogue's order. */
export const homeTilesSchema = z.object({
  parents: z.array(homeParentSchema).describe("the parents of this page's artefacts, each with only those"),
  letter: z.string().nullable().describe("the letter filtered by; null: none"),
  page: z.number().int(),
  pages: z.number().int().describe("how many pages the artefacts (of that letter) fill; 1 when none"),
  total: z.number().int().describe("how many artefacts (of that letter) there are in all"),
  currency: z.string(),
  icons: iconSvgsSchema,
});
export type HomeTiles = z.infer<typeof homeTilesSchema>;

/** GET /api/categories/home. */
export const homeResponseSchema = okEnvelope({ data: homeTilesSchema });

/** An artefact on its parent's listing, with what it costs. */
export const childCategorySchema = categorySchema.extend({ offer: artefactOfferSchema });
export type ChildCategory = z.infer<typeof childCategorySchema>;

/** What the viewer owns: whole artefacts and single groups (empty for a visitor). */
export interface Ownership {
  categories: number[];
  groups: number[];
}

export const contentSummarySchema = z.object({
  id,
  title: z.string(),
  short_description: z.string(),
  slug: z.string(),
  untranslated,
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const groupSchema = z.object({
  id,
  name: z.string(),
  price: z.number().nullable(),
  currency: z.string(),
  payment_note: nullableText,
  contents: z.array(contentSummarySchema),
  untranslated,
});
export type Group = z.infer<typeof groupSchema>;

export const listingSeoSchema = seoDataSchema.extend({
  id,
  slug: z.string(),
  parent_id: id,
  icon: z.string(),
  name: z.string(),
  single_line: z.string(),
  price: z.number().nullable(),
  currency: z.string(),
  payment_note: nullableText,
  untranslated,
});
export type ListingSeo = z.infer<typeof listingSeoSchema>;

export const listingResponseSchema = okEnvelope({
  kind: z
    .enum(["parent", "artefact"])
    .describe("'parent' pages list artefacts in `children`; 'artefact' pages list groups and contents"),
  data: z.array(contentSummarySchema).describe("Ungrouped contents of an artefact"),
  groups: z.array(groupSchema),
  children: z.array(childCategorySchema),
  seo_data: listingSeoSchema,
});
export type ListingResponse = z.infer<typeof listingResponseSchema>;

export const contentMediaSchema = z.object({
  id,
  name: z.string(),
  mimetype: z.string(),
  path: nullableText.describe("A short-lived signed URL when the content is unlocked for the viewer, otherwise null"),
  untranslated,
});
export type ContentMedia = z.infer<typeof contentMediaSchema>;

export const contentDetailSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  meta_title: nullableText,
  meta_description: nullableText,
  content_media: z.array(contentMediaSchema),
  untranslated,
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

export const relatedContentSchema = z.object({
  slug: z.string(),
  title: z.string(),
  category_slug: z.string(),
  untranslated,
});
export type RelatedContent = z.infer<typeof relatedContentSchema>;

export const contentResponseSchema = okEnvelope({
  data: contentDetailSchema,
  related: z.array(relatedContentSchema),
  is_payment_paid: z.boolean(),
  category: z.object({ id, slug: z.string(), name: z.string(), untranslated }),
});
export type ContentResponse = z.infer<typeof contentResponseSchema>;

/** The stored user record (browser storage key user-data). Never a hash or token. */
export const userRecordSchema = z.object({
  name: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  about: z.string(),
  display_name: z.string(),
  timezone: z.string(),
  language: z.string(),
  email_notifications: z.boolean(),
  in_app_notifications: z.boolean(),
  sms_notifications: z.boolean(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const loginResponseSchema = okEnvelope({ session_token: z.string(), data: userRecordSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
/** A password sign-in of an account with a second step: not signed in yet; POST /api/login/second-step finishes it. */
export const secondStepAskedSchema = okEnvelope({
  second_step_required: z.literal(true),
  second_step_token: z.string().describe("send it back with the code to POST /api/login/second-step"),
});

export const profileResponseSchema = okEnvelope({ data: userRecordSchema, cart_count: z.number().int() });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const userResponseSchema = okEnvelope({ data: userRecordSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Who is asking: null for a visitor. */
export interface Viewer {
  userId: number;
  role: "learner" | "admin";
  user: UserRecord;
  /**
   * The account's second step (a passkey or an authenticator app): whether it has one, and whether
   * this session did it (a passkey sign-in, a code after the password, or setting one up). An
   * operator's admin area opens only when both are true.
   */
  secondStep: { on: boolean; done: boolean };
}

/** A page's sign-in: the account, and where it starts when the sign-in came from nowhere in particular. */
export interface SignedIn {
  user: UserRecord;
  home: string;
}

/** A page's password sign-in of an account with a second step: the browser holds the wait (a cookie); nothing is signed in yet. */
export interface SecondStepAsked {
  second_step: true;
}

/**
 * What the server gives the React Router loaders as their load context. The
 * same functions answer the JSON API, so pages and API never disagree.
 */
/**
 * What a page's form action gets back from the store: the operation's data,
 * or its refusal with the HTTP status the page answers it with; the messages
 * as catalogue keys with values (i18n/message.ts), which the page writes in
 * its own language (ActionOutcome).
 */
export type ActionResult<T = null> =
  | { ok: true; message: Message; data: T }
  | { ok: false; status: number; message: Message; errors?: Record<string, Message> };

/**
 * A page's route error (422) for a page link whose cursor or search is bad:
 * the reason as a key with values, which the error page writes in its language.
 */
export interface PageLinkRefusal {
  message: Message;
}

/** An action's result as the page shows it: its messages written in the page's language. */
export type ActionOutcome<T = null> =
  | { ok: true; message: string; data: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string> };

/** The visitor's account forms, run by the same code as the JSON API (rate limits included). */
export interface AccountActions {
  /** Sets the access-token cookie on the response on success. */
  login(input: z.output<typeof loginSchema>): Promise<ActionResult<SignedIn | SecondStepAsked>>;
  /** A password sign-in's second step (the wait is the browser's cookie): sets the access-token cookie on success. */
  secondStep(input: z.output<typeof secondStepCodeSchema>): Promise<ActionResult<SignedIn>>;
  register(input: z.output<typeof registerSchema>): Promise<ActionResult>;
  forgotPassword(input: z.output<typeof forgotPasswordSchema>): Promise<ActionResult>;
  resetPassword(input: z.output<typeof resetPasswordSchema>): Promise<ActionResult>;
}

/** The signed-in learner's own account forms; a visitor gets a 401 outcome. */
export interface ProfileActions {
  update(input: z.output<typeof profileSchema>): Promise<ActionResult<UserRecord>>;
  changePassword(input: z.output<typeof changePasswordSchema>): Promise<ActionResult>;
  saveSettings(input: z.output<typeof settingsSchema>): Promise<ActionResult<UserRecord>>;
  /** "Delete my account": mails the one-time link (POST /api/delete-account). */
  requestDeletion(input: z.output<typeof deletionRequestSchema>): Promise<ActionResult>;
  /** The mailed link confirmed: the account is erased and signed out (POST /api/delete-account/confirm). */
  confirmDeletion(input: z.output<typeof deletionConfirmSchema>): Promise<ActionResult>;
  /** Starts setting up an authenticator app: its secret and QR code (shown again while the setup waits). */
  startApp(input: Record<string, never>): Promise<ActionResult<AuthenticatorSetupView>>;
  /** The app's first code: the recovery codes, answered once. */
  confirmApp(input: z.output<typeof confirmAppSchema>): Promise<ActionResult<{ recovery_codes: string[] }>>;
  removeApp(input: z.output<typeof removeAppSchema>): Promise<ActionResult>;
  renamePasskey(input: z.output<typeof renamePasskeySchema>): Promise<ActionResult<PasskeyRow>>;
  removePasskey(input: z.output<typeof removePasskeySchema>): Promise<ActionResult>;
}

/** The signed-in learner's cart forms; a visitor gets a 401 outcome. */
export interface CommerceActions {
  addToCart(input: z.output<typeof addToCartSchema>): Promise<ActionResult<CartItem>>;
  removeFromCart(input: z.output<typeof removeFromCartSchema>): Promise<ActionResult>;
  /** The provider's hosted page to send the learner to: a URL, or (PayU) a form their browser posts. */
  startPayment(input: z.output<typeof startPaymentSchema>): Promise<ActionResult<PaymentHandoff>>;
  /** Keeps a coupon code with the cart; a code that takes nothing off is refused (422, errors.code). */
  applyCoupon(input: z.output<typeof couponCodeSchema>): Promise<ActionResult<CartResponse["data"]>>;
  removeCoupon(): Promise<ActionResult>;
  /** Keeps who the learner is billed as: the cart with its VAT for them (422, errors.vat_number, for a bad number). */
  saveBilling(input: z.output<typeof billingSchema>): Promise<ActionResult<CartResponse["data"]>>;
  /** The learner's own refund within the money-back guarantee (POST /api/orders/{id}/refund). */
  refundOrder(orderId: number): Promise<ActionResult<{ refund_ref: string }>>;
}

/** The seat manager's forms and claiming a seat (decision 0056); a visitor gets a 401 outcome. */
export interface TeamActions {
  /** Claims a seat with an invitation's code: the material is the learner's, as if bought. */
  join(input: z.output<typeof invitationCodeSchema>): Promise<ActionResult<{ team_id: number; seat_id: number }>>;
  invite(input: z.output<typeof teamInviteSchema>): Promise<ActionResult<{ sent: number }>>;
  revoke(input: z.output<typeof teamInvitationSchema>): Promise<ActionResult>;
  release(input: z.output<typeof teamSeatSchema>): Promise<ActionResult>;
  /** More seats of a team purchase into the cart, at its unit price. */
  moreSeats(input: z.output<typeof teamMoreSeatsSchema>): Promise<ActionResult<CartItem>>;
}

/** The operator's forms; anyone but an admin gets a 403 outcome. */
export interface AdminActions {
  createCoupon(input: CreateCouponInput): Promise<ActionResult<AdminCouponRow>>;
  updateCoupon(id: number, input: CreateCouponInput): Promise<ActionResult<AdminCouponRow>>;
  deleteCoupon(id: number): Promise<ActionResult>;
  setVatRate(input: VatRateChange): Promise<ActionResult<VatRateChangeRow>>;
  removeVatRate(id: number): Promise<ActionResult>;
}

/** The signed-in learner's reading progress forms; a visitor gets a 401 outcome. */
export interface ProgressActions {
  /** Marks the article done (or not): 404 for an unknown one, 403 for one the learner does not own. */
  setDone(input: z.output<typeof progressFormSchema>): Promise<ActionResult<ArticleProgress>>;
}

/**
 * The admin pages' writes, run by the same steps as /api/admin with its
 * messages; anyone but an operator gets a 401 or 403 outcome.
 */
export interface AdminWrites {
  createCategory(input: CategoryCreate): Promise<ActionResult<AdminCategory>>;
  updateCategory(id: number, input: CategoryUpdate): Promise<ActionResult<AdminCategory>>;
  deleteCategory(id: number): Promise<ActionResult>;
  reorderCategories(input: { parent_id: number | null; ids: number[] }): Promise<ActionResult>;
  /** Moves a parent, an artefact, a group or a content a place up (-1) or down (1) among its siblings. */
  moveItem(kind: "category" | "group" | "content", id: number, step: -1 | 1): Promise<ActionResult>;
  createGroup(artefactId: number, input: GroupCreate): Promise<ActionResult<AdminGroup>>;
  updateGroup(id: number, input: GroupUpdate): Promise<ActionResult<AdminGroup>>;
  deleteGroup(id: number): Promise<ActionResult>;
  reorderGroups(artefactId: number, ids: number[]): Promise<ActionResult>;
  createContent(artefactId: number, input: ContentCreate): Promise<ActionResult<AdminContent>>;
  updateContent(id: number, input: ContentUpdate): Promise<ActionResult<AdminContent>>;
  deleteContent(id: number): Promise<ActionResult>;
  reorderContents(artefactId: number, ids: number[]): Promise<ActionResult>;
  setRelated(id: number, ids: number[]): Promise<ActionResult<AdminContent>>;
  deleteMedia(id: number): Promise<ActionResult>;
  /** An item's texts in Spanish and French (catalogue-translations.ts). */
  translate(input: TranslationUpdate): Promise<ActionResult<{ kind: string; id: number; translations: Translations }>>;
  userAction(input: z.output<typeof adminUserActionSchema>): Promise<ActionResult>;
  refundOrder(orderId: number): Promise<ActionResult<{ refund_ref: string }>>;
  /** An operator releases a claimed seat of a team purchase (POST /api/admin/teams/{id}/seats/{seat}/release). */
  releaseSeat(teamId: number, seatId: number): Promise<ActionResult>;
  /** An operator mails a team purchase's open invitations again (POST /api/admin/teams/{id}/invitations/resend). */
  resendInvitations(teamId: number): Promise<ActionResult<{ sent: number }>>;
  /** The volume discount tiers of team seats (PUT /api/admin/teams/tiers). */
  setVolumeTiers(input: { tiers: VolumeTier[] }): Promise<ActionResult<{ tiers: VolumeTier[] }>>;
}

export type PaymentHandoff =
  | { kind: "redirect"; url: string }
  | { kind: "form"; action: string; params: Record<string, string> };

export interface StoreContext {
  viewer: Viewer | null;
  /**
   * The page's language (its URL's, /es/… or /fr/…; at an English URL a learner's setting, a
   * guest's English: apps/server/src/routes/page-language.ts), what the browser needs of its
   * catalogue (i18n/page-translator.ts browserResources), the address of that catalogue's file
   * when the page does not carry it inline, and on a guest's first visit to an English URL the
   * language its notice offers, with that language's texts.
   */
  i18n: {
    language: LanguageCode;
    resources: Resources;
    catalogue: string | null;
    suggestion: { language: LanguageCode; resources: Resources } | null;
  };
  /** The page's form actions (POST); only a form post's render calls them. */
  accounts: AccountActions;
  commerce: CommerceActions;
  profile: ProfileActions;
  adminActions: AdminActions;
  progress: ProgressActions;
  teams: TeamActions;
  /** The admin pages' form actions (POST). */
  adminWrites: AdminWrites;
  /**
   * True for the app's own data request (a fetcher's .data POST), false for a
   * browser's plain form post: that one is answered with a redirect.
   */
  dataRequest: boolean;
  publicUrl: string;
  paymentsEmulated: boolean;
  /** STORE_CURRENCY: what the admin forms check prices against (whole yen for JPY). */
  storeCurrency: string;
  categories(): Promise<CategoriesResponse>;
  navigation(): Promise<Navigation>;
  /** The 'More..' entries: the non-header categories. */
  moreCategories(): Promise<CategoryEntry[]>;
  home(): Promise<HomeCatalogue>;
  /**
   * One page of home's artefacts (of a letter): what GET /api/categories/home answers. The URL's
   * letter and page are checked as the API checks them: a bad one throws a 422 page-link refusal.
   */
  homeTiles(query: { letter?: string | undefined; page?: string | undefined }): Promise<HomeTiles>;
  /** The SVG of each icon value (a name; an old emoji), for a loader's `icons` (components/icons/catalogue-icon.tsx). */
  icons(values: Iterable<string>): IconSvgs;
  /** null when no category has this slug. */
  listing(slug: string): Promise<ListingResponse | null>;
  /** null when no such content. */
  content(slug: string, content: string): Promise<ContentResponse | null>;
  /** Full-text search of the visible catalogue (search.ts): at most `limit` artefacts. */
  search(query: string, limit: number): Promise<SearchResults>;
  /** The signed-in viewer's cart, orders and items; each throws for a visitor (guard first). */
  cart(): Promise<CartResponse["data"]>;
  /** One page of the viewer's orders, newest first; a bad cursor throws a 422 AppError. */
  orders(page: PageRequest): Promise<Page<OrderRow>>;
  /** null when the viewer has no such order. */
  order(id: number): Promise<OrderDetail | null>;
  /** One page of the viewer's items, newest first; a bad cursor throws a 422 AppError. */
  items(page: PageRequest): Promise<Page<OwnedItem>>;
  /** The viewer's team purchases, newest first (GET /api/teams). */
  myTeams(): Promise<TeamView[]>;
  /** What an invitation's seat is for; null when the invitation is unknown, revoked or used. Anyone may ask. */
  invitation(code: string): Promise<InvitationView | null>;
  /** The number of lines in the viewer's cart; 0 for a visitor. */
  cartCount(): Promise<number>;
  /** What the viewer owns; nothing for a visitor. */
  ownership(): Promise<Ownership>;
  /** Whether the viewer owns this article and has done it; null for a visitor or an unknown article. */
  articleProgress(contentId: number): Promise<ArticleProgress | null>;
  /**
   * What the viewer owns of these sub-categories, and the ids of the artefact's articles
   * they own and have done (none when `artefactId` is null), in one read; nothing for a visitor.
   */
  ownedAndDone(scope: {
    categoryIds: number[];
    artefactId: number | null;
  }): Promise<{ ownership: Ownership; done: number[] }>;
  /**
   * What buying the whole artefact takes off for this viewer, for the groups of it they own (the
   * cart's upgrade credit), in the price's units; 0 for a visitor.
   */
  upgradeCredit(artefact: { id: number; price: number; currency: string }): Promise<number>;
  /** The viewer's notifications as they were, and the unread ones among them are now marked read. */
  notifications(page: PageRequest): Promise<NotificationsView>;
  /** The viewer's unread notifications, read with the session; 0 for a visitor. */
  notificationCount(): Promise<number>;
  /** One page of the viewer's own security events, newest first (GET /api/my-security-events); a bad cursor throws a 422. */
  ownSecurityEvents(page: PageRequest): Promise<Page<OwnSecurityEventRow>>;
  /** Whether the viewer signed in (or gave their password again) within 10 minutes: a deletion asks for the password otherwise. */
  signedInRecently(): Promise<boolean>;
  /**
   * The viewer's passkeys and authenticator app (Settings), with the app's setup while it waits for
   * its first code; throws for a visitor (guard first).
   */
  secondStep(): Promise<SecondStepView & { setup: AuthenticatorSetupView | null }>;
  /** The operator's lists and orders; each throws for anyone but an admin (guard first). */
  admin: AdminReads;
}

/** Something an admin form offers to choose: its id and what it is called. */
export interface AdminChoice {
  id: number;
  label: string;
}

/** A search of an admin list and the page of it: what its URL holds (?search=&cursor=). */
export interface AdminListQuery {
  search?: string | undefined;
  cursor?: string | undefined;
}

export interface AdminReads {
  /** A bad cursor or search throws a 422 with the reason. */
  users(query: AdminListQuery): Promise<Page<AdminUserRow>>;
  orders(query: AdminListQuery): Promise<Page<AdminOrderRow>>;
  /** null when there is no such order. */
  order(id: number): Promise<AdminOrderDetail | null>;
  /**
   * A page of the editor's tree, hidden parts included (GET /api/admin/catalogue): the `open` artefacts
   * (and with a search, every one it keeps) come with their groups and contents. A bad cursor throws a 422.
   */
  catalogue(query: AdminListQuery & { open: number[] }): Promise<AdminCataloguePage>;
  /** The artefact an editor works in (itself, or the one holding the group or content), with its groups and contents; null when there is none. */
  artefact(of: { kind: "category" | "group" | "content"; id: number }): Promise<AdminArtefactNode | null>;
  /** One parent category or artefact, as its form edits it; null when there is none. */
  category(id: number): Promise<AdminCategory | null>;
  /** What an artefact may be moved under: its `current` parent, then those whose name has `search`, else the first in order. */
  parentChoices(query: { current: number; search?: string | undefined }): Promise<AdminChoice[]>;
  /** What a content's related links may be chosen from: its related ones, then those whose title has `search`, else its artefact's. */
  relatedChoices(query: { contentId: number; search?: string | undefined }): Promise<AdminChoice[]>;
  /** The icon picker's: the `current` icon, and what `search` finds in the icon sets or, without one, suggestions. */
  iconChoices(query: { current: string; search?: string | undefined }): { chosen: IconChoice; found: IconChoice[] };
  /** A page of coupon codes, newest first, searched by code (GET /api/admin/coupons). A bad cursor throws a 422. */
  coupons(query: AdminListQuery): Promise<Page<AdminCouponRow>>;
  /** One code, as its form edits it; null when there is none. */
  coupon(id: number): Promise<AdminCouponRow | null>;
  /** What a code's artefacts may be chosen from: the `chosen` ones, then those whose name has `search`, else the first by name. */
  artefactChoices(query: { chosen: number[]; search?: string | undefined }): Promise<AdminChoice[]>;
  /** One content with its article, for the editor (GET /api/admin/contents/{id}); null when there is none. */
  content(id: number): Promise<AdminContent | null>;
  /** What a plain (no JavaScript) upload or import to /api/admin answered, once, on the page it went back to. */
  uploadNotice(): UploadNotice | null;
  /** The sales figures of a URL's query (GET /api/admin/sales), or why each refused field is refused. */
  sales(query: Record<string, string>): Promise<SalesAnswer>;
  /** The VAT rates today, the table's date and sources, and the operator's changes (GET /api/admin/tax/rates). */
  vatRates(): Promise<VatRatesView>;
  /** A page of the audit trail, filtered as the URL says (GET /api/admin/audit). A bad cursor or filter throws a 422. */
  audit(query: AuditQuery & { cursor?: string | undefined }): Promise<Page<AuditEventRow>>;
  /** The volume discount tiers of team seats, fewest seats first (GET /api/admin/teams/tiers). */
  volumeTiers(): Promise<VolumeTier[]>;
}

/** The answer to a plain form post of files to /api/admin: its message (a key with values), a success or a refusal. */
export interface UploadNotice {
  ok: boolean;
  message: Message;
}

const lineCategory = z.object({ icon: z.string(), name: z.string(), single_line: z.string(), slug: z.string() });

/** A line for a team's seats: only such a line has these fields (its price is seats × unit price less the volume discount). */
const seatFields = {
  seats: z.number().int().optional().describe("seats for a team; absent: one, for the learner"),
  unit_price: z.number().optional().describe("one seat's price"),
  volume_discount: z.number().optional().describe("the volume discount taken off the seats' price"),
  team_id: z.number().int().nullable().optional().describe("the team purchase that gets more seats; null: a new one"),
};

export const cartItemSchema = z.object({
  id,
  price: z.number(),
  currency: z.string(),
  category: lineCategory.extend({ id, untranslated }),
  groups: z.object({ id, name: z.string(), untranslated }).nullable(),
  ...seatFields,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The VAT inside what is paid for one line (prices include VAT). */
const lineTaxFields = {
  net: z.number().describe("what is paid for the line, less its VAT"),
  vat_rate: z.number().describe("percent"),
  vat: z.number(),
  tax_country: z.string().describe("whose VAT applies (ISO 3166-1 alpha-2)"),
};

/** How a sale is taxed (see docs/payments.md#vat). */
export const TAX_SCHEMES = ["not_registered", "domestic", "oss", "reverse_charge", "outside_scope"] as const;
export type TaxSchemeName = (typeof TAX_SCHEMES)[number];

const cartTaxSchema = z
  .object({
    billing_country: z.string().describe("the buyer's country the VAT is worked out for"),
    company_name: z.string().nullable().describe("the learner's last billing details, offered at checkout"),
    vat_number: z.string().nullable(),
    scheme: z.enum(TAX_SCHEMES),
    reverse_charge: z.boolean(),
    vat_total: z.number().describe("the VAT inside the total"),
    lines: z.array(z.object({ id, ...lineTaxFields })).describe("per cart line, by its id"),
    ip_country: z
      .string()
      .nullable()
      .describe(
        "the country of the address the request came from (null when unknown); a payment start billed elsewhere needs `confirm_country`",
      ),
  })
  .describe(
    "the VAT inside the cart's prices, for the learner's last billing details (else the country the request came from, else the store's)",
  );
export type CartTax = z.infer<typeof cartTaxSchema>;

export const cartResponseSchema = okEnvelope({
  data: z.object({
    rows: z.array(cartItemSchema),
    subtotal: z.number().describe("the lines at today's prices"),
    credit: z
      .number()
      .describe("Credit for what you own: what the learner paid for groups of an artefact the cart holds whole"),
    discount: z.number().describe("what the cart's coupon code takes off (0 when none applies)"),
    total: z.number().describe("what checkout charges: subtotal - credit - discount"),
    currency: z.string(),
    coupon: z
      .object({
        code: z.string(),
        message: z.string().nullable().describe("why the code takes nothing off now; null while it applies"),
      })
      .nullable()
      .describe("the code kept with the cart"),
    tax: cartTaxSchema,
  }),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const orderLineSchema = z.object({
  id,
  currency: z.string(),
  price: z.number(),
  category: lineCategory,
  groups: z.object({ name: z.string() }).nullable(),
  ...seatFields,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A line of an order's details: with its tax as the cart's, null on orders placed before VAT. */
export const orderDetailLineSchema = orderLineSchema.extend({
  net: lineTaxFields.net.nullable(),
  vat_rate: lineTaxFields.vat_rate.nullable(),
  vat: lineTaxFields.vat.nullable(),
  tax_country: lineTaxFields.tax_country.nullable(),
});
export type OrderDetailLine = z.infer<typeof orderDetailLineSchema>;

export const orderRowSchema = z.object({
  id,
  order_id: z.string(),
  created_at: z.string().describe("ISO 8601"),
  currency: z.string(),
  amount: z.number(),
  status: z.enum(["Completed", "Refunded"]),
  orders: z.array(orderLineSchema),
  credit: z.number().describe("Credit for what you own, taken off"),
  discount: z.number().describe("the coupon's discount, taken off"),
  invoice_number: z
    .string()
    .nullable()
    .describe("the invoice's number (INV-2026-000123); null for an order placed before invoices, which has a receipt"),
  seats_refunded: z
    .object({ amount: z.number(), refunded_at: z.string().describe("ISO 8601: the last of them") })
    .nullable()
    .describe("what refunds of a team order's unclaimed seats gave back; null when none (the order stays Completed)"),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderDetailSchema = orderRowSchema.extend({
  orders: z.array(orderDetailLineSchema),
  payment_method: z.string(),
  transaction_id: z.string(),
  payment_status: z.string(),
  subtotal: z.number().describe("the lines at the prices of the day"),
  coupon_code: z.string().nullable(),
  refundable_until: z
    .string()
    .nullable()
    .describe("ISO 8601: when the money-back guarantee ends, while the learner may still ask for a refund; else null"),
  credit_notes: z
    .array(z.string())
    .describe("the numbers of the credit notes of the order's refunds (CN-2026-000007), oldest first"),
  unclaimed_seats: z
    .number()
    .int()
    .nullable()
    .describe(
      "a team order's seats nobody holds: its learner's refund covers those only; null for an order without seats",
    ),
  seat_refunds: z
    .array(
      z.object({
        seats: z.number().int(),
        amount: z.number(),
        refunded_at: z.string().describe("ISO 8601"),
        credit_note: z.string().nullable(),
      }),
    )
    .describe("the refunds of a team order's unclaimed seats, oldest first"),
  billing_country: z.string().nullable().describe("null on orders placed before VAT, as their lines' tax fields"),
  company_name: z.string().nullable(),
  vat_number: z.string().nullable().describe("the business buyer's VAT number, when the reverse charge applied"),
  vat_total: z.number().nullable(),
  reverse_charge: z.boolean(),
  tax_scheme: z.enum(TAX_SCHEMES).nullable().describe("how the order was taxed; null before VAT"),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** One order as the operator sees it (GET /api/admin/orders/{id}). */
export const adminOrderDetailSchema = orderDetailSchema.extend(adminOrderFields);
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const ownedItemSchema = z.object({
  id,
  category: lineCategory,
  groups: z.object({ name: z.string() }).nullable(),
  progress: itemProgressSchema,
});
export type OwnedItem = z.infer<typeof ownedItemSchema>;

export type PaymentMethod = "card" | "wallet" | "regional";

/** One of the learner's notifications (GET /api/notifications). */
export const notificationItemSchema = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  text: z.string(),
  link: z.string().describe("the store path it is about: an order's details or an article"),
  created_at: z.string().describe("ISO 8601"),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/**
 * The notifications page's two groups: unread (newest first), then a page of
 * the read ones (`earlier`, newest first, with the cursors of the pages beside it).
 */
export const notificationsViewSchema = z.object({
  unread: z.array(notificationItemSchema).describe("the newest unread ones, at most 50"),
  earlier: z.array(notificationItemSchema).describe("one page of the read ones"),
  ...pageCursorFields,
});
export type NotificationsView = z.infer<typeof notificationsViewSchema>;

/** GET /api/admin/sales. */
export const salesResponseSchema = okEnvelope({ data: salesReportSchema });
