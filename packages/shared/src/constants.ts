/** Business constants of SPEC.md section 9, shared by the pages and the server. */
import { decimalAmount, toMinor } from "./money.ts";

export const DESCRIPTION_CUT = 90;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SCROLL_TO_CATEGORIES_DELAY_MS = 500;
export const MONEY_BACK_DAYS = 6;

/** The external course site that 'Browse Courses' and 'Explore Courses' open. */
export const COURSES_URL = "https://courses.skillshelf.example/";

/** Where an account starts once signed in: an operator's admin area, a learner's dashboard. */
export const homeOf = (role: "learner" | "admin") => (role === "admin" ? "/admin" : "/dashboard");

export const SUPPORT_EMAIL = "support@skillshelf.example";
export const SUPPORT_PHONE = "+44 20 7946 0958";

export const LISTING_DEFAULTS = {
  name: "A Path for Every Goal",
  singleLine: "Top courses in AI, Data Science, and Analytics",
} as const;

export const META_DEFAULTS = {
  siteName: "Skillshelf",
  /** Page titles are the page's own; pageTitle adds the store's name after them. */
  homeTitle: "Tech cards, cheat sheets, labs and interview kits",
  homeDescription:
    "Learn faster with tech cards, cheat sheets, hands-on labs, tech stacks, pocket guides and interview kits.",
  listingTitle: "Listing of categories",
  listingDescription: "Browse the learning artefacts of this category.",
  contentTitle: "Explore Learning Resources",
  contentDescription: "Read practical learning resources: articles, images and PDFs for developers and engineers.",
  keywords: "e-learning, tech cards, cheat sheets, labs, tech stacks, pocket guides, interview kits",
  notFoundTitle: "Page not found",
} as const;

const TITLE_SUFFIX = ` | ${META_DEFAULTS.siteName}`;

/**
 * A page's title as a browser's tab and a link preview show it: its own, then the store's name
 * ("Cart | Skillshelf"). A title from the catalogue's SEO data may carry the name already
 * ("Docker Tech Cards | Skillshelf"), and keeps it once.
 */
export function pageTitle(title: string): string {
  const own = title.trim();
  return own.endsWith(TITLE_SUFFIX) ? own : `${own}${TITLE_SUFFIX}`;
}

/** The six parents shown as cards on the home page, in order. */
export const HOME_CARD_SLUGS = [
  "tech-cards",
  "cheat-sheets",
  "labs",
  "tech-stacks",
  "pocket-guides",
  "interview-kits",
] as const;

export const MORE_CATEGORY = { id: -1, slug: "more", name: "More.." } as const;

export const GENERIC_ERROR = "Something went wrong. Please try again.";
export const FETCH_FAILED = "Failed to fetch data";

export function truncate(text: string, max = DESCRIPTION_CUT): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A major-unit price with its currency's decimals, as forms and structured data write it: GBP 32.5 → "32.50", JPY 1200 → "1200". */
export function formatPrice(price: number, currency: string): string {
  return decimalAmount(toMinor(price, currency), currency);
}

export const CART_CHANGED = "Your cart has changed. Please review it and try again.";

/** How the order pages name each way of paying. */
export const PAYMENT_METHOD_LABELS = { stripe: "Card", paypal: "PayPal", payu: "PayU" } as const;
