import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { LANGUAGE_CODES, languagePath, SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { artefact, content, parent, smallCatalogue } from "./helpers/factories.ts";
import { addToCart, buyFromListing } from "./helpers/orders.ts";

let store: TestStore;

/**
 * The small catalogue and a parent with the gaps an operator's catalogue may have: an artefact
 * with no one-line description nor SEO data, and one whose meta_title does not name the store.
 */
function catalogueWithGaps() {
  const catalogue = smallCatalogue();
  catalogue.categories.push({
    ...parent({ slug: "guides", name: "Guides", meta_title: "Guides" }),
    artefacts: [
      {
        ...artefact({ slug: "bare", name: "Bare", single_line: "", meta_title: null, meta_description: null }),
        contents: [content({ slug: "first" })],
      },
      {
        ...artefact({ slug: "titled", name: "Titled", meta_title: "Titled Guides" }),
        contents: [content({ slug: "second", meta_title: "The second guide" })],
      },
    ],
  });
  return catalogue;
}

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(catalogueWithGaps());
}, 180_000);
afterAll(() => store?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...headers } });

const listing = async (slug: string) =>
  (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } })).json<ListingResponse>();

/** The page's one <title> (htmlparser2 decodes its entities), and the page itself. */
async function titled(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  const document = parseDocument(res.body);
  const titles = DomUtils.findAll((e) => e.name === "title", document.children).map((e) => DomUtils.textContent(e));
  expect(titles, url).toHaveLength(1);
  return { status: res.statusCode, title: titles[0] ?? "", document };
}

// Each page type, with the title SPEC.md or the catalogue gives it in English; null where the
// test only asks for the store's name at the end (pages of one another's wording, error pages).
const PUBLIC_PAGES: [string, string | null][] = [
  ["/", "Tech cards, cheat sheets, labs and interview kits | Skillshelf"],
  // meta_title from the catalogue, which names the store already: once, not twice.
  ["/tech-cards", "Tech Cards | Skillshelf"],
  ["/guides", "Guides | Skillshelf"],
  ["/titled", "Titled Guides | Skillshelf"],
  ["/titled/second", "The second guide | Skillshelf"],
  // SPEC.md "Page metadata": the fallbacks, for a listing and an article without SEO data.
  ["/bare", "Listing of categories | Skillshelf"],
  ["/docker", "Listing of categories | Skillshelf"],
  ["/bare/first", "Explore Learning Resources | Skillshelf"],
  ["/docker/images", "Explore Learning Resources | Skillshelf"],
  ["/more", "Listing of categories | Skillshelf"],
  ["/search", "Search | Skillshelf"],
  ["/search?q=docker", "Search: docker | Skillshelf"],
  ["/login", "Sign in | Skillshelf"],
  ["/registration", "Create account | Skillshelf"],
  ["/forgot-password", "Forgot password | Skillshelf"],
  ["/reset-password/not-a-token", "Reset password | Skillshelf"],
  ["/no-such-page", "Page not found | Skillshelf"],
  ["/docker/no-such-article", "Page not found | Skillshelf"],
];

describe("every page's title", () => {
  /** The title ends with the store's name, which it holds once. */
  const expectStoreName = (url: string, title: string) => {
    expect(title, url).toMatch(/\S \| Skillshelf$/);
    expect(title.match(/Skillshelf/g), url).toHaveLength(1);
  };

  for (const code of LANGUAGE_CODES) {
    it(`ends with "| Skillshelf" on every public page, for a guest reading ${code}`, async () => {
      for (const [url, english] of PUBLIC_PAGES) {
        const { status, title } = await titled(languagePath(code, url));
        expect([200, 404], url).toContain(status);
        expectStoreName(url, title);
        if (code === "en" && english) expect(title, url).toBe(english);
      }
    });

    it(`ends with "| Skillshelf" on every page of a learner and of an operator reading ${code}`, async () => {
      const learner = await createUser(store, { language: SETTING_OF_CODE[code] });
      const token = await signIn(store, learner.id);
      const docker = await listing("docker");
      const order = await buyFromListing(store, { id: learner.id, token }, docker, "Basics");
      // Something in the cart, so that checkout shows itself rather than sending the learner back.
      await addToCart(store, token, docker);
      const learnerPages: [string, string | null][] = [
        ["/dashboard", "Dashboard | Skillshelf"],
        ["/settings", "Settings | Skillshelf"],
        ["/delete-account/a-link-token", "Delete my account | Skillshelf"],
        ["/my-items", "My Items | Skillshelf"],
        ["/my-orders", "My Orders | Skillshelf"],
        ["/my-teams", "My Teams | Skillshelf"],
        ["/teams/join/no-such-code", "Your team's invitation | Skillshelf"],
        [`/order-details/${order.orderId}`, "Order details | Skillshelf"],
        ["/notifications", "Notifications | Skillshelf"],
        ["/cart", "Cart | Skillshelf"],
        ["/checkout", "Checkout | Skillshelf"],
        [`/payment-confirmation?order=${order.orderId}`, "Order Confirmation | Skillshelf"],
        [`/order-confirmation?order=${order.orderId}`, "Order Confirmation | Skillshelf"],
        ["/payment-cancelled", "Order Cancelled | Skillshelf"],
        // Error pages a learner meets: another's order, a paged list's stale link, the admin area.
        ["/order-details/999999", null],
        ["/my-orders?cursor=not-a-cursor", null],
        ["/admin", "Access denied | Skillshelf"],
        // The public pages, signed in.
        ["/", null],
        ["/docker", null],
        ["/docker/images", null],
        ["/search?q=docker", null],
        ["/no-such-page", null],
      ];
      for (const [url, english] of learnerPages) {
        const { status, title } = await titled(url, { cookie: `access-token=${token}` });
        expect([200, 403, 404, 422], url).toContain(status);
        expectStoreName(url, title);
        if (code === "en" && english) expect(title, url).toBe(english);
      }

      const operator = await createUser(store, { role: "admin", language: SETTING_OF_CODE[code] });
      const operatorToken = await signIn(store, operator.id);
      const techCards = await listing("tech-cards");
      const basics = docker.groups.find((g) => g.name === "Basics");
      const images = basics?.contents[0];
      for (const url of [
        "/admin",
        "/admin/catalogue",
        "/admin/catalogue/categories/new",
        `/admin/catalogue/categories/${techCards.seo_data.id}`,
        `/admin/catalogue/categories/${techCards.seo_data.id}/artefacts/new`,
        `/admin/catalogue/categories/${docker.seo_data.id}`,
        `/admin/catalogue/artefacts/${docker.seo_data.id}/groups/new`,
        `/admin/catalogue/groups/${basics?.id}`,
        `/admin/catalogue/artefacts/${docker.seo_data.id}/contents/new`,
        `/admin/catalogue/contents/${images?.id}`,
        "/admin/users",
        "/admin/orders",
        `/admin/orders/${order.orderId}`,
        "/admin/coupons",
        "/admin/audit",
      ]) {
        const { status, title } = await titled(url, { cookie: `access-token=${operatorToken}` });
        expect(status, url).toBe(200);
        expectStoreName(url, title);
        if (code === "en") expect(title, url).toBe("Admin | Skillshelf");
      }
    });
  }

  it("is in the page's language before the store's name", async () => {
    const cases: [string, Record<(typeof LANGUAGE_CODES)[number], string>][] = [
      ["/no-such-page", { en: "Page not found", es: "Página no encontrada", fr: "Page introuvable" }],
      ["/bare", { en: "Listing of categories", es: "Listado de categorías", fr: "Liste des catégories" }],
      ["/more", { en: "Listing of categories", es: "Listado de categorías", fr: "Liste des catégories" }],
    ];
    for (const [url, byLanguage] of cases) {
      for (const code of LANGUAGE_CODES) {
        expect((await titled(languagePath(code, url))).title, `${url} ${code}`).toBe(
          `${byLanguage[code]} | Skillshelf`,
        );
      }
    }
  });
});

describe("a listing without a one-line description", () => {
  it("shows SPEC.md's default line in its hero, under its own name", async () => {
    const { document } = await titled("/bare");
    const text = (className: string) =>
      DomUtils.findAll((e) => e.attribs.class?.split(" ").includes(className) ?? false, document.children).map((e) =>
        DomUtils.textContent(e).trim(),
      );
    expect(text("page-hero__title")).toEqual(["Bare"]);
    expect(text("page-hero__lead")).toEqual(["Top courses in AI, Data Science, and Analytics"]);
  });
});
