import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { pdfText } from "../../apps/server/test/helpers/pdf.ts";
import { baseUrl, expectAccessible, hasHorizontalScroll, useBrowser } from "./browser.ts";
import { LEARNER } from "./learner.ts";

export type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * A storage state holding the session cookie of `token`, as the store's sign in sets it: for a
 * session a seed made directly (STYLE.md: fixtures sign in by creating a session).
 */
export function sessionState(token: string): StorageState {
  const cookie = { name: "access-token", value: token, domain: new URL(baseUrl).hostname, path: "/" };
  return { cookies: [{ ...cookie, expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }], origins: [] };
}

export { LEARNER } from "./learner.ts";

/**
 * The one learner of every purchase test file (made by seed-learner.ts), as a
 * storage state for each test's fresh context: the session seed-learner.ts
 * made for them, which the files share (no test signs them out). Files run one
 * after another (fileParallelism: false); each buys something the others do
 * not touch. The cart starts empty.
 */
export async function signInLearner(browser: Browser): Promise<StorageState> {
  const state = sessionState(LEARNER.sessionToken);
  const context = await browser.newContext({ baseURL: baseUrl, storageState: state });
  try {
    const cart = await context.request.get("/api/cart/get");
    expect(cart.status(), "the learner's session made by seed-learner.ts").toBe(200);
    await emptyCart(context.request);
    return state;
  } finally {
    await context.close();
  }
}

/**
 * useBrowser for a file of the shared learner: signed in once (beforeAll),
 * each test's fresh context carrying the session.
 */
export function useLearnerBrowser(options: Omit<NonNullable<Parameters<typeof useBrowser>[0]>, "storageState"> = {}) {
  let state: StorageState;
  const session = useBrowser({ ...options, storageState: () => state });
  beforeAll(async () => {
    state = await signInLearner(session.browser);
  });
  return session;
}

/** Removes every line of the signed-in learner's cart, and any coupon code kept with it. */
export async function emptyCart(request: APIRequestContext): Promise<void> {
  expect((await request.post("/api/cart/coupon/delete")).status()).toBe(200);
  const cart = (await (await request.get("/api/cart/get")).json()) as { data: { rows: { id: number }[] } };
  for (const row of cart.data.rows) {
    const removed = await request.post("/api/cart/delete", { data: { delete_id: row.id } });
    expect(removed.status()).toBe(200);
  }
}

/** axe, and no sideways scrolling on a 375 px phone (then back to the desktop width). */
export async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await hasHorizontalScroll(page), `${page.url()} scrolls sideways at 375 px`).toBe(false);
  await page.setViewportSize(size);
}

/** The document title, once React Router has rendered the page's meta after a client navigation. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5000 }).catch(() => {});
  expect(await page.title()).toBe(title);
}

/** The header's cart link: its name carries the badge's count. */
export function cartLink(page: Page, count: number) {
  return page.getByRole("link", { name: count > 0 ? `Cart, ${count} items` : "Cart", exact: true });
}

/** The header's bell, by its accessible name (the account sidebar has a Notifications link too). */
export function bell(page: Page, name: string) {
  return page.locator("header.site-header").getByRole("link", { name, exact: true });
}

/**
 * From the dashboard, the header's bell with `count` unread to the
 * notifications page (which marks them read): its Unread group, and the
 * titles of what it lists.
 */
export async function openUnreadNotifications(page: Page, count: number) {
  await page.goto("/dashboard");
  await bell(page, `Notifications, ${count} unread`).click();
  await page.waitForURL(/\/notifications$/);
  const unread = page.getByRole("region", { name: /^Unread/ });
  // The URL changes as the navigation starts: wait for the page before reading it.
  await unread.getByRole("heading", { level: 3 }).first().waitFor();
  return { unread, titles: await unread.getByRole("heading", { level: 3 }).allTextContents() };
}

/** Waits for a toast with this text, in the toasts' one live region (features/toast), which reads each out. */
export async function toast(page: Page, text: string, tone: "success" | "error" = "success") {
  await page.locator(`.toasts[aria-live] .toast--${tone}`).filter({ hasText: text }).first().waitFor();
}

/** The text of the <dd> that follows the <dt> with this label. */
export async function fact(page: Page, label: string): Promise<string> {
  const text = await page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** On a provider's emulated hosted page: check its banner (in the page's language), then press one of its buttons. */
export async function onEmulatorPage(
  page: Page,
  provider: "stripe" | "paypal" | "payu",
  button: string,
  banner = /^Payments are emulated/,
) {
  await page.waitForURL(new RegExp(`/emulator/${provider}/`)).catch(async (error: Error) => {
    // What the store said instead of sending the learner on, for the failure to tell.
    const toasts = await page
      .locator(".toasts[aria-live]")
      .textContent({ timeout: 1000 })
      .catch(() => "");
    throw new Error(`${error.message}\nStill on ${page.url()}, toasts: ${JSON.stringify(toasts)}`);
  });
  expect(await page.getByRole("note").first().textContent()).toMatch(banner);
  await page.getByRole("button", { name: button, exact: true }).click();
}

/**
 * Expected console errors: Chromium logs every 4xx response ('Failed to load
 * resource: … 409 (Conflict)'). Removes those matching `pattern`, after
 * checking one was seen, so the useBrowser check still catches anything else.
 */
export function allowConsoleErrors(session: { errors: string[] }, pattern: RegExp): void {
  expect(
    session.errors.some((e) => pattern.test(e)),
    `a console error matching ${pattern}`,
  ).toBe(true);
  const rest = session.errors.filter((e) => !pattern.test(e));
  session.errors.splice(0, session.errors.length, ...rest);
}

/**
 * Add To Cart on a listing, the hero's (the whole artefact) or a group's (by
 * its heading), into an empty cart; then the header's cart link to the cart.
 */
export async function addToCart(page: Page, slug: string, group?: string): Promise<void> {
  await page.goto(`/${slug}`);
  await cartLink(page, 0).waitFor();
  const scope = group
    ? page.locator("section.group-card", { has: page.getByRole("heading", { name: group, exact: true }) })
    : page.locator(".page-hero");
  // Once the page's script handles it: before, the press is a plain form post that lands on the cart.
  await scope.locator("button[data-enhanced]", { hasText: "Add To Cart" }).click();
  await toast(page, "Added to your cart.");
  await cartLink(page, 1).click();
  await page.waitForURL(/\/cart$/);
}

/** One item's purchase, from the listing's button to the confirmation page. */
export interface Bought {
  /** The order's database id, from /payment-confirmation?order=<id>. */
  id: string;
  /** The order number shown to the learner. */
  number: string;
}

/**
 * The whole purchase: Add To Cart on the listing (the badge goes to 1), the
 * cart's summary, checkout with the chosen method, the provider's emulated
 * page, and the confirmation page.
 */
export async function buyFromListing(
  page: Page,
  options: {
    slug: string;
    /** Which Add To Cart: the hero's (whole artefact) or a group's, by the group's heading. */
    group?: string;
    method: { value: "card" | "wallet" | "regional"; label: string; provider: "stripe" | "paypal" | "payu" };
    /** The cart line's name and the expected price, e.g. '£19.99'. */
    name: string;
    price: string;
  },
): Promise<Bought> {
  await addToCart(page, options.slug, options.group);
  await page.getByRole("heading", { name: "1 Item(s) in Cart" }).waitFor();
  expect(await page.locator(".cart-line__name").allTextContents()).toEqual([options.name]);
  expect(await fact(page, "Subtotal")).toBe(options.price);
  expect(await fact(page, "Discount")).toBe("£0.00");
  expect(await fact(page, "Total")).toBe(options.price);
  expect(await page.getByRole("radio", { name: /Credit or debit card/ }).isChecked()).toBe(true);
  await page.getByRole("radio", { name: new RegExp(options.method.label) }).check();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();

  await page.waitForURL(new RegExp(`/checkout\\?method=${options.method.value}$`));
  await page.getByRole("heading", { name: "Complete Your Purchase" }).waitFor();
  expect(await page.getByRole("radio", { name: new RegExp(options.method.label) }).isChecked()).toBe(true);
  expect(await page.getByText("Payments are emulated on this store.").isVisible()).toBe(true);
  await page.getByRole("button", { name: "Complete Purchase" }).click();

  await onEmulatorPage(page, options.method.provider, "Pay");
  await page.waitForURL(/\/payment-confirmation\?order=\d+$/);
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
  expect(await page.getByText("Thank you for your purchase").isVisible()).toBe(true);
  await expectTitle(page, "Order Confirmation | Skillshelf");
  expect(await page.getByRole("link", { name: "View My Orders" }).getAttribute("href")).toBe("/my-orders");
  expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  // The cart was emptied by the order: no badge.
  await cartLink(page, 0).waitFor();
  const id = new URL(page.url()).searchParams.get("order") ?? "";
  const number = await fact(page, "Order number");
  expect(number).not.toBe("");
  expect(await fact(page, "Amount paid")).toBe(options.price);
  // What the order unlocked, each a link to its listing, and the primary way in.
  const unlockedName = options.group ? `${options.name}: ${options.group}` : options.name;
  const unlocked = page.getByRole("region", { name: "Unlocked for you" });
  expect(await unlocked.getByRole("listitem").count()).toBe(1);
  const link = unlocked.getByRole("link", { name: unlockedName });
  expect(await link.getAttribute("href")).toBe(`/${options.slug}`);
  expect(await unlocked.getByRole("listitem").textContent()).toContain(options.group ? "Group" : "Whole artefact");
  const start = page.getByRole("link", { name: "Start learning" });
  expect(await start.getAttribute("href")).toBe(`/${options.slug}`);
  expect(await start.getAttribute("class")).toBe("button");
  return { id, number };
}

/**
 * After a purchase: the order in My Orders and its details, the item in My
 * Items, each page checked by checkPage.
 */
export async function expectOrderPages(
  page: Page,
  bought: Bought,
  expected: {
    method: string;
    name: string;
    scope: string;
    price: string;
    slug: string;
    /** The item's first article: where its Continue starts while none is done. */
    firstArticle: string;
  },
) {
  await page.goto("/my-orders");
  await page.getByRole("heading", { name: "Order History", level: 1 }).waitFor();
  await expectTitle(page, "My Orders | Skillshelf");
  const card = page.locator("article.order-card", {
    has: page.getByRole("heading", { name: `Order ${bought.number}` }),
  });
  const cardText = (await card.textContent()) ?? "";
  expect(cardText).toContain("Completed");
  expect(cardText).toContain(expected.name);
  expect(cardText).toContain(expected.scope);
  expect(cardText).toMatch(new RegExp(`Subtotal\\s*${expected.price}`));
  expect(cardText).toMatch(new RegExp(`Total\\s*${expected.price}`));
  // Long US English date with 12-hour time, e.g. 'November 21, 2026 at 10:05 AM'.
  expect(await card.locator("time").textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/);
  await checkPage(page);
  await card.getByRole("link", { name: /View Details/ }).click();

  await page.waitForURL(new RegExp(`/order-details/${bought.id}$`));
  await page.getByRole("heading", { name: `Order ${bought.number}`, level: 1 }).waitFor();
  await expectTitle(page, "Order details | Skillshelf");
  expect(await fact(page, "Order number")).toBe(bought.number);
  expect(await fact(page, "Status")).toBe("Completed");
  expect(await fact(page, "Payment method")).toBe(expected.method);
  expect(await fact(page, "Transaction ID")).toMatch(/\S{6,}/);
  expect(await fact(page, "Payment status")).toBe("Paid");
  expect(await fact(page, "Amount")).toBe(expected.price);
  expect(await fact(page, "Date")).toMatch(/ at \d{1,2}:\d{2}\s[AP]M$/);
  await checkPage(page);
  await page.getByRole("link", { name: "Back to My Orders" }).click();
  await page.waitForURL(/\/my-orders$/);

  await page.goto("/my-items");
  await page.getByRole("heading", { name: "My Items", level: 1 }).waitFor();
  await expectTitle(page, "My Items | Skillshelf");
  const item = page.locator("article.owned-item", { hasText: expected.scope }).filter({
    has: page.getByRole("heading", { name: expected.name, exact: true }),
  });
  expect(await item.count()).toBe(1);
  const href = await item.getByRole("link", { name: /^Continue/ }).getAttribute("href");
  expect(href).toBe(`/${expected.slug}/${expected.firstArticle}`);
  expect(await item.getByRole("heading", { name: expected.name }).getByRole("link").getAttribute("href")).toBe(
    `/${expected.slug}`,
  );
  await checkPage(page);
}

/**
 * The article now shows its real images (signed /media/ URLs that answer with
 * the file) and a PDF that opens in a new tab.
 */
export async function expectUnlockedMedia(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("heading", { name: "Artifacts Image's" }).waitFor();
  expect(await page.locator(".locked-note").count()).toBe(0);
  const images = page.locator("button.thumb img");
  expect(await images.count()).toBeGreaterThan(0);
  for (const src of await images.evaluateAll((list) => list.map((img) => img.getAttribute("src") ?? ""))) {
    expect(src).toMatch(/^\/media\//);
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
  }
  // Rendered, not broken.
  expect(await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const pdf = page.locator("a.pdf-tile").first();
  const pdfHref = (await pdf.getAttribute("href")) ?? "";
  expect(pdfHref).toMatch(/^\/media\//);
  expect(await pdf.getAttribute("target")).toBe("_blank");
  const response = await page.request.get(pdfHref);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
  // The new tab navigates to the file (the headless browser has no PDF viewer, so it then downloads it).
  const [tab, opened] = await Promise.all([
    page.context().waitForEvent("page"),
    page.context().waitForEvent("request", (request) => {
      const url = new URL(request.url());
      return url.pathname + url.search === pdfHref;
    }),
    pdf.click(),
  ]);
  expect(opened.isNavigationRequest()).toBe(true);
  expect(opened.frame().page()).toBe(tab);
  await tab.close();
}

/** Whether a PDF draws this text, within one of its runs (the server's tests read it the same way). */
export async function pdfDraws(pdf: Buffer, text: string): Promise<boolean> {
  return (await pdfText(pdf)).split("\n").some((run) => run.includes(text));
}

/**
 * Pays the cart of `api`'s learner by card through the API and the Stripe emulator's Pay form, at
 * the total the cart shows; following its redirect lands on the confirmation, which fulfils the order.
 */
export async function payCartThroughApi(api: APIRequestContext): Promise<void> {
  const cart = (await (await api.get("/api/cart/get")).json()) as { data: { total: number; currency: string } };
  const started = await api.post("/api/stripe/create-checkout-session", {
    data: {
      final_amount: cart.data.total,
      currency: cart.data.currency,
      success_url: `${baseUrl}/payment-confirmation`,
      cancel_url: `${baseUrl}/payment-cancelled`,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await api.post(`${url}/pay`);
  expect(paid.status()).toBe(200);
}
