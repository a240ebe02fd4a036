import type { z } from "zod";
import type {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  settingsSchema,
} from "./account-forms.ts";
import type { addToCartSchema, removeFromCartSchema, startPaymentSchema } from "./cart-forms.ts";
import type { Page, PageRequest } from "./paging.ts";

/**
 * The JSON shapes of CONTRACT.md section 2 and SPEC.md section 3, and the
 * in-process interface the server hands to the page loaders.
 */

export interface Envelope {
  status: boolean;
  message: string;
}

export interface ErrorEnvelope extends Envelope {
  status: false;
  errors?: Record<string, string>;
}

/** A child entry of a category: an artefact of a parent, a content item of an artefact. */
export interface CategoryEntry {
  id: number;
  slug: string;
  name: string;
}

export interface Category {
  id: number;
  slug: string;
  /** 0 for a top-level (parent) category, -1 for the 'More..' pseudo-category's parent. */
  parent_id: number;
  icon: string;
  name: string;
  single_line: string;
  is_header_menu: 0 | 1;
  /** Parents: their artefacts. Artefacts: their content items. More..: the non-header categories. */
  content: CategoryEntry[];
}

export interface SeoData {
  meta_title: string | null;
  meta_description: string | null;
}

export interface CategoriesResponse extends Envelope {
  data: Category[];
  /** The header categories, followed by the 'More..' pseudo-category (id -1, slug more). */
  header_category: Category[];
  seo_data: SeoData;
}

/** GET /api/categories/more: the 'More..' dropdown's list, loaded when it opens. */
export interface MoreCategoriesResponse extends Envelope {
  /** The non-header categories, in catalogue order. */
  data: CategoryEntry[];
}

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
export interface ArtefactOffer {
  price: number | null;
  from: boolean;
}

/** One artefact as the home page's tile shows it: no article titles, only their number. */
export interface ArtefactTileData {
  id: number;
  slug: string;
  name: string;
  icon: string;
  single_line: string;
  count: number;
  offer: ArtefactOffer;
}

export interface HomeParent {
  id: number;
  slug: string;
  name: string;
  icon: string;
  single_line: string;
  artefacts: ArtefactTileData[];
}

/** What the home page shows of the catalogue, built once per catalogue version. */
export interface HomeCatalogue {
  parents: HomeParent[];
  articleCount: number;
  currency: string;
}

/** An artefact on its parent's listing, with what it costs. */
export interface ChildCategory extends Category {
  offer: ArtefactOffer;
}

/** What the viewer owns: whole artefacts and single groups (empty for a visitor). */
export interface Ownership {
  categories: number[];
  groups: number[];
}

export interface ContentSummary {
  id: number;
  title: string;
  short_description: string;
  slug: string;
}

export interface Group {
  id: number;
  name: string;
  price: number | null;
  currency: string;
  payment_note: string | null;
  contents: ContentSummary[];
}

export interface ListingSeo extends SeoData {
  id: number;
  slug: string;
  parent_id: number;
  icon: string;
  name: string;
  single_line: string;
  price: number | null;
  currency: string;
  payment_note: string | null;
}

export interface ListingResponse extends Envelope {
  /** 'parent' pages list artefacts in `children`; 'artefact' pages list groups and contents. */
  kind: "parent" | "artefact";
  /** Ungrouped contents of an artefact. */
  data: ContentSummary[];
  groups: Group[];
  children: ChildCategory[];
  seo_data: ListingSeo;
}

export interface ContentMedia {
  id: number;
  name: string;
  mimetype: string;
  /** A short-lived signed URL when the content is unlocked for the viewer, otherwise null. */
  path: string | null;
}

export interface ContentDetail {
  id: number;
  slug: string;
  title: string;
  short_description: string;
  description: string;
  meta_title: string | null;
  meta_description: string | null;
  content_media: ContentMedia[];
}

export interface RelatedContent {
  slug: string;
  title: string;
  category_slug: string;
}

export interface ContentResponse extends Envelope {
  data: ContentDetail;
  related: RelatedContent[];
  is_payment_paid: boolean;
  category: { id: number; slug: string; name: string };
}

/** The stored user record (browser storage key user-data). Never a hash or token. */
export interface UserRecord {
  name: string;
  email: string;
  mobile_number: string;
  about: string;
  display_name: string;
  timezone: string;
  language: string;
  email_notifications: boolean;
  in_app_notifications: boolean;
  sms_notifications: boolean;
}

export interface LoginResponse extends Envelope {
  session_token: string;
  data: UserRecord;
}

export interface ProfileResponse extends Envelope {
  data: UserRecord;
  cart_count: number;
}

export interface UserResponse extends Envelope {
  data: UserRecord;
}

/** Who is asking: null for a visitor. */
export interface Viewer {
  userId: number;
  role: "learner" | "admin";
  user: UserRecord;
}

/**
 * What the server gives the React Router loaders as their load context. The
 * same functions answer the JSON API, so pages and API never disagree.
 */
/**
 * What a page's form action gets back from the store: the API's envelope as
 * data, with the HTTP status the page answers a failure with.
 */
export type ActionOutcome<T = null> =
  | { ok: true; message: string; data: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string> };

/** The visitor's account forms, run by the same code as the JSON API (rate limits included). */
export interface AccountActions {
  /** Sets the access-token cookie on the response on success. */
  login(input: z.output<typeof loginSchema>): Promise<ActionOutcome<UserRecord>>;
  register(input: z.output<typeof registerSchema>): Promise<ActionOutcome>;
  forgotPassword(input: z.output<typeof forgotPasswordSchema>): Promise<ActionOutcome>;
  resetPassword(input: z.output<typeof resetPasswordSchema>): Promise<ActionOutcome>;
}

/** The signed-in learner's own account forms; a visitor gets a 401 outcome. */
export interface ProfileActions {
  update(input: z.output<typeof profileSchema>): Promise<ActionOutcome<UserRecord>>;
  changePassword(input: z.output<typeof changePasswordSchema>): Promise<ActionOutcome>;
  saveSettings(input: z.output<typeof settingsSchema>): Promise<ActionOutcome<UserRecord>>;
}

/** The signed-in learner's cart forms; a visitor gets a 401 outcome. */
export interface CommerceActions {
  addToCart(input: z.output<typeof addToCartSchema>): Promise<ActionOutcome<CartItem>>;
  removeFromCart(input: z.output<typeof removeFromCartSchema>): Promise<ActionOutcome>;
  /** The provider's hosted page to send the learner to: a URL, or (PayU) a form their browser posts. */
  startPayment(input: z.output<typeof startPaymentSchema>): Promise<ActionOutcome<PaymentHandoff>>;
}

export type PaymentHandoff =
  | { kind: "redirect"; url: string }
  | { kind: "form"; action: string; params: Record<string, string> };

export interface StoreContext {
  viewer: Viewer | null;
  /** The page's form actions (POST); only a form post's render calls them. */
  accounts: AccountActions;
  commerce: CommerceActions;
  profile: ProfileActions;
  /**
   * True for the app's own data request (a fetcher's .data POST), false for a
   * browser's plain form post: that one is answered with a redirect.
   */
  dataRequest: boolean;
  publicUrl: string;
  paymentsEmulated: boolean;
  categories(): Promise<CategoriesResponse>;
  navigation(): Promise<Navigation>;
  /** The 'More..' entries: the non-header categories. */
  moreCategories(): Promise<CategoryEntry[]>;
  home(): Promise<HomeCatalogue>;
  /** null when no category has this slug. */
  listing(slug: string): Promise<ListingResponse | null>;
  /** null when no such content. */
  content(slug: string, content: string): Promise<ContentResponse | null>;
  /** The signed-in viewer's cart, orders and items; each throws for a visitor (guard first). */
  cart(): Promise<CartResponse["data"]>;
  /** One page of the viewer's orders, newest first; a bad cursor throws a 422 AppError. */
  orders(page: PageRequest): Promise<Page<OrderRow>>;
  /** null when the viewer has no such order. */
  order(id: number): Promise<OrderDetail | null>;
  /** One page of the viewer's items, newest first; a bad cursor throws a 422 AppError. */
  items(page: PageRequest): Promise<Page<OwnedItem>>;
  /** The number of lines in the viewer's cart; 0 for a visitor. */
  cartCount(): Promise<number>;
  /** What the viewer owns; nothing for a visitor. */
  ownership(): Promise<Ownership>;
}

export interface CartItem {
  id: number;
  price: number;
  currency: string;
  category: { id: number; slug: string; name: string; icon: string; single_line: string };
  groups: { id: number; name: string } | null;
}

export interface CartResponse extends Envelope {
  data: { rows: CartItem[]; total: number; currency: string };
}

export interface OrderLine {
  id: number;
  currency: string;
  price: number;
  category: { icon: string; name: string; single_line: string; slug: string };
  groups: { name: string } | null;
}

export interface OrderRow {
  id: number;
  order_id: string;
  created_at: string;
  currency: string;
  amount: number;
  status: "Completed" | "Refunded";
  orders: OrderLine[];
}

export interface OrderDetail extends OrderRow {
  payment_method: string;
  transaction_id: string;
  payment_status: string;
}

export interface OwnedItem {
  id: number;
  category: { icon: string; name: string; single_line: string; slug: string };
  groups: { name: string } | null;
}

export type PaymentMethod = "card" | "wallet" | "regional";
