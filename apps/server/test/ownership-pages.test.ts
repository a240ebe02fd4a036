import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { artefact, content, pngBase64, smallCatalogue } from "./helpers/factories.ts";
import { payForCart } from "./helpers/orders.ts";
import { pageHtml } from "./helpers/pages.ts";

let store: TestStore;
let owner: string;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  const catalogue = smallCatalogue();
  // An ungrouped article of the priced Docker, with an image to unlock.
  const volumes = catalogue.categories[0]?.artefacts?.[0]?.contents?.[0];
  if (volumes) volumes.media = [{ name: "volumes.png", mimetype: "image/png", data_base64: pngBase64("volumes") }];
  // Only one of its groups is priced: its cards say "From" that group's price.
  catalogue.categories[1]?.artefacts?.push({
    ...artefact({ slug: "terraform", name: "Terraform" }),
    groups: [
      { name: "State", price: 7.5, contents: [content({ slug: "state" })] },
      { name: "Basics", contents: [content({ slug: "init" })] },
    ],
  });
  await store.importCatalogue(catalogue);
  const learner = await createUser(store);
  owner = await signIn(store, learner.id);
  const docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json()
    .seo_data;
  await store.app.inject({
    method: "POST",
    url: "/api/cart/add",
    headers: bearer(owner),
    payload: { sub_category_id: docker.id },
  });
  await (await payForCart(store, learner.id)).confirm();
}, 180_000);
afterAll(() => store?.close());

const page = (url: string, token?: string) => pageHtml(store, url, token);
/** The text of an artefact's home tile or parent card (the link to its listing), tags dropped. */
const cardOf = (html: string, slug: string) => {
  const cards = [...html.matchAll(/<a [^>]*>.*?<\/a>/gs)]
    .map((m) => m[0])
    .filter((a) => a.includes(`href="/${slug}"`) && /class="[^"]*artefact-(tile|card)/.test(a));
  expect(cards, slug).toHaveLength(1);
  return (cards[0] ?? "").replace(/<[^>]+>/g, " ");
};

describe("prices in the reader's language", () => {
  it("formats a signed-in learner's prices by their language, and keeps the visitors' kept page in the store's", async () => {
    const visitorBefore = await page("/docker");
    expect(visitorBefore).toContain("£5.00");
    expect(visitorBefore).toContain("£19.99");
    const french = await signIn(store, (await createUser(store, { language: "French" })).id);
    const theirs = await page("/docker", french);
    // Intl's French: a comma for the decimals, the symbol after the amount.
    expect(theirs).toContain("5,00\u00a0£GB");
    expect(theirs).toContain("19,99\u00a0£GB");
    expect(theirs).not.toContain("£5.00");
    const visitorAfter = await page("/docker");
    expect(visitorAfter).toContain("£5.00");
    expect(visitorAfter).not.toContain("£GB");
  });
});

describe("prices and ownership where the learner looks", () => {
  it("shows a visitor each artefact's price, From its cheapest group, or Free, on home and the parent's cards", async () => {
    for (const url of ["/", "/tech-cards"]) {
      const html = await page(url);
      expect(cardOf(html, "docker"), url).toContain("£19.99");
      expect(cardOf(html, "git"), url).toContain("Free");
      expect(html, url).not.toContain("Owned");
    }
    expect(cardOf(await page("/labs"), "terraform")).toContain("From £7.50");
    expect(cardOf(await page("/labs"), "kubernetes")).toContain("Free");
  });

  it("shows the owner Owned instead of the price and of Add To Cart, and never shows a visitor the owner's page", async () => {
    expect(cardOf(await page("/", owner), "docker")).toContain("Owned");
    expect(cardOf(await page("/tech-cards", owner), "docker")).toContain("Owned");
    const listing = await page("/docker", owner);
    expect(listing).toContain("Owned");
    expect(listing).not.toContain("Add To Cart");
    // Git is free: it still says Free to the owner of Docker.
    expect(cardOf(await page("/tech-cards", owner), "git")).toContain("Free");

    for (const url of ["/", "/tech-cards", "/docker"]) expect(await page(url), url).not.toContain("Owned");
    expect(await page("/docker")).toContain("Add To Cart");
  });

  it("marks the articles that are free to read, and only those", async () => {
    const git = await page("/git");
    expect(git.match(/Free to read/g)?.length).toBeGreaterThanOrEqual(2);
    // Docker is priced: its free group's articles are unlocked by the artefact alone.
    const docker = await page("/docker");
    expect(docker).not.toContain("content-card__free");
  });

  it("offers, on a locked article, Add To Cart for the smallest thing that unlocks it, and its price", async () => {
    const lockedNote = (html: string) => /<div class="locked-note">.*?<\/div>/s.exec(html)?.[0] ?? "";
    // In the priced group Basics: that group, at its own price.
    const inGroup = lockedNote(await page("/docker/images")).replace(/<[^>]+>/g, " ");
    expect(inGroup).toContain("Docker: Basics");
    expect(inGroup).toContain("Add To Cart");
    expect(inGroup).toContain("5.00");
    // Ungrouped: only the whole artefact unlocks it.
    const ungrouped = lockedNote(await page("/docker/volumes")).replace(/<[^>]+>/g, " ");
    expect(ungrouped).toContain("19.99");
    expect(ungrouped).not.toContain("Basics");
    // The owner has nothing to unlock.
    expect(lockedNote(await page("/docker/images", owner))).toBe("");
  });
});

describe("the cart badge", () => {
  const badgeOf = (html: string) => /class="cart-link__badge"[^>]*>(\d+)</.exec(html)?.[1] ?? "none";
  const listing = async (slug: string) =>
    (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug } })).json<{
      seo_data: { id: number };
      groups: { id: number; name: string }[];
    }>();

  it("counts the cart's lines for sale, and drops one at once when its artefact is hidden", async () => {
    const admin = await signIn(store, (await createUser(store, { role: "admin" })).id);
    const learner = await signIn(store, (await createUser(store)).id);
    const docker = await listing("docker");
    const terraform = await listing("terraform");
    const state = terraform.groups.find((g) => g.name === "State")?.id;
    for (const line of [
      { sub_category_id: docker.seo_data.id, group_id: null },
      { sub_category_id: terraform.seo_data.id, group_id: state },
    ]) {
      const added = await store.app.inject({
        method: "POST",
        url: "/api/cart/add",
        headers: bearer(learner),
        payload: line,
      });
      expect(added.statusCode).toBe(201);
    }
    expect(badgeOf(await page("/docker", learner))).toBe("2");

    const hide = (hidden: boolean) =>
      store.app.inject({
        method: "PATCH",
        url: `/api/admin/categories/${terraform.seo_data.id}`,
        headers: bearer(admin),
        payload: { hidden },
      });
    expect((await hide(true)).statusCode).toBe(200);
    // The cart page shows one line, and the badge says the same.
    expect(badgeOf(await page("/docker", learner))).toBe("1");
    expect((await hide(false)).statusCode).toBe(200);
    expect(badgeOf(await page("/docker", learner))).toBe("2");
    // A visitor's page has no badge at all.
    expect(badgeOf(await page("/docker"))).toBe("none");
  });
});
