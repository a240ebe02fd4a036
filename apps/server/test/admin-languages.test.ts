import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUGGESTED_ICONS } from "../src/catalogue/icon-sets.ts";
import {
  categories,
  contentMedia,
  contents,
  coupons,
  contentGroups as groups,
  orders,
  users,
} from "../src/db/schema/index.ts";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { insertLearners, insertOrders } from "./helpers/history.ts";
import { englishLeftIn, englishPieces, readerTexts } from "./helpers/languages.ts";
import { formPost, pageCatalogue } from "./helpers/pages.ts";

/**
 * The admin area in the operator's language: every admin route, rendered on
 * the server for an operator whose setting is Spanish or French, shows no
 * English interface text. Two checks: no text of the English catalogue is
 * left (englishPieces), and no text the English page shows is shown the same
 * in the translated page, but for what the store holds (names, titles,
 * e-mails, codes), numbers, dates and proper names.
 */
let store: TestStore;
const operators: Record<"en" | "es" | "fr", string> = { en: "", es: "", fr: "" };
let learner = "";
let orderId = 0;
let artefact = { id: 0, parentId: 0 };
let groupId = 0;
let contentId = 0;
/** An artefact the orders below bought: it cannot be deleted. */
let soldId = 0;
let couponId = 0;
/** What the store holds: the pages show it as it is in every language. */
let data = new Set<string>();

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  const db = store.database.db;
  for (const [code, language] of [
    ["en", "English"],
    ["es", "Spanish"],
    ["fr", "French"],
  ] as const) {
    operators[code] = await signIn(store, (await createUser(store, { role: "admin", language })).id);
  }
  learner = await signIn(store, (await createUser(store, { language: "Spanish" })).id);
  const tagged = await insertLearners(db, { count: 3, tag: "Lang", start: new Date("2026-01-01") });
  const [first] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .limit(1);
  [orderId = 0] = await insertOrders(db, {
    users: { firstId: tagged.firstId, lastId: tagged.firstId },
    perUser: 2,
    tag: "adminlang",
    start: new Date("2026-11-01T10:30:00Z"),
    categoryId: first?.id,
  });
  soldId = first?.id ?? 0;
  const docker = (
    await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
  ).json<ListingResponse>();
  const coupon = await formPost(
    store,
    "/admin/coupons",
    {
      code: ["spring-25"],
      kind: ["percent"],
      value: ["25"],
      max_uses: ["100"],
      artefact_ids: [String(docker.seo_data.id)],
    },
    { cookie: `access-token=${operators.en}` },
  );
  expect(coupon.statusCode).toBe(303);
  [{ id: couponId = 0 } = { id: 0 }] = await db.select({ id: coupons.id }).from(coupons).limit(1);
  expect(couponId).toBeGreaterThan(0);

  const [withGroup] = await db.select({ id: groups.categoryId, group: groups.id }).from(groups).limit(1);
  const [parent] = await db
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .limit(1);
  artefact = { id: withGroup?.id ?? 0, parentId: parent?.parentId ?? 0 };
  groupId = withGroup?.group ?? 0;
  const [content] = await db.select({ id: contents.id }).from(contents).limit(1);
  contentId = content?.id ?? 0;

  const texts = [
    ...(await db.select({ a: categories.name, b: categories.singleLine, c: categories.slug }).from(categories)),
    ...(await db.select({ a: groups.name, b: groups.name, c: groups.name }).from(groups)),
    ...(await db.select({ a: contents.title, b: contents.shortDescription, c: contents.slug }).from(contents)),
    ...(await db.select({ a: users.name, b: users.email, c: users.displayName }).from(users)),
    ...(await db.select({ a: contentMedia.name, b: contentMedia.name, c: contentMedia.name }).from(contentMedia)),
    ...(await db.select({ a: orders.paymentMethod, b: orders.paymentStatus, c: orders.orderNumber }).from(orders)),
    // The icon picker's: each icon's name and slug, the icon sets' own identifiers ("lucide:code", "code").
    ...[
      ...(await db.select({ icon: categories.icon }).from(categories)).map((row) => row.icon),
      ...SUGGESTED_ICONS,
    ].map((name) => ({ a: name, b: name.slice(name.indexOf(":") + 1), c: name })),
  ].flatMap((row) => [row.a, row.b, row.c]);
  data = new Set(texts.filter((text): text is string => typeof text === "string").map((text) => text.trim()));
}, 180_000);
afterAll(() => store?.close());

/** Every admin route, in each state that has texts of its own. */
const routes = () => [
  "/admin",
  "/admin/catalogue",
  `/admin/catalogue/categories/${artefact.id}`,
  `/admin/catalogue/categories/${artefact.parentId}`,
  "/admin/catalogue/categories/new",
  `/admin/catalogue/categories/${artefact.parentId}/artefacts/new`,
  `/admin/catalogue/artefacts/${artefact.id}/groups/new`,
  `/admin/catalogue/groups/${groupId}`,
  `/admin/catalogue/artefacts/${artefact.id}/contents/new`,
  `/admin/catalogue/contents/${contentId}`,
  "/admin/users",
  "/admin/users?search=nobody-at-all",
  "/admin/users?search=lang&cursor=not-a-cursor",
  "/admin/orders",
  "/admin/orders?search=nothing-like-it",
  `/admin/orders/${orderId}`,
  "/admin/orders/999999",
  "/admin/coupons",
  `/admin/coupons?edit=${couponId}`,
  "/admin/orders?cursor=not-a-cursor",
  "/admin/catalogue/categories/999999",
  `/admin/catalogue/contents/999999`,
  "/admin/sales?range=all",
  "/admin/sales?from=2026-11-10&to=2026-11-01",
];

const page = (url: string, token: string) =>
  store.app.inject({ method: "GET", url, headers: { cookie: `access-token=${token}`, "accept-encoding": "identity" } });

/** What the store holds, alone or listed ("Docker › Compose", "Docker, Git"). */
const isData = (text: string) => text.split(/ › |, /).every((part) => data.has(part.trim()));

/** Texts the translated page shows exactly as the English one does, but for data, numbers, dates and proper names. */
function sameAsEnglish(english: string, translated: string, code: "es" | "fr"): string[] {
  const own = new Set(Object.values(CATALOGUES[code]).flatMap((strings) => Object.values(strings)));
  const shown = new Set(readerTexts(translated));
  return readerTexts(english).filter(
    (text) =>
      shown.has(text) &&
      /[A-Za-z]{3}/.test(text) &&
      !/[\d@/]/.test(text) &&
      !isData(text) &&
      !own.has(text) &&
      !["skillshelf", "stripe", "paypal", "payu"].includes(text.toLowerCase()),
  );
}

describe("the admin area in the operator's language", () => {
  for (const code of ["es", "fr"] as const) {
    it(`leaves no English interface text in any admin route, for a ${code} operator`, async () => {
      const pieces = englishPieces(code);
      for (const url of routes()) {
        const [english, translated] = [await page(url, operators.en), await page(url, operators[code])];
        expect([200, 404, 422], url).toContain(translated.statusCode);
        expect(translated.statusCode, url).toBe(english.statusCode);
        expect(translated.body, url).toContain(`<html lang="${code}"`);
        // A catalogue item may be called like an interface text ("Hidden"): it is shown as it is.
        expect(
          englishLeftIn(translated.body, pieces).filter((text) => !isData(text)),
          url,
        ).toEqual([]);
        expect(sameAsEnglish(english.body, translated.body, code), url).toEqual([]);
      }
    });
  }

  it("names an order's refund with the noun in its facts, and with the verb on its button", async () => {
    for (const [code, noun, verb] of [
      ["en", "Refund", "Refund"],
      ["es", "Reembolso", "Reembolsar"],
      ["fr", "Remboursement", "Rembourser"],
    ] as const) {
      const { body } = await page(`/admin/orders/${orderId}`, operators[code]);
      expect(body, code).toContain(`<dt>${noun}</dt>`);
      expect(body, code).toMatch(
        new RegExp(`<button type="submit" class="button button--danger"[^>]*>${verb}</button>`),
      );
    }
  });

  it("answers a refused form in the operator's language: the shared schema's messages under the fields", async () => {
    const refused = await formPost(
      store,
      "/admin/coupons",
      { code: ["x"], kind: ["amount"], value: ["1.234"], max_uses: ["0"] },
      { cookie: `access-token=${operators.fr}` },
    );
    expect(refused.statusCode).toBe(422);
    for (const message of [
      "Utilisez de 3 à 40 lettres, chiffres, - ou _",
      "Un montant a au plus deux décimales",
      "Les utilisations au total doivent être au moins 1",
    ]) {
      expect(refused.body).toContain(message);
    }
    expect(englishLeftIn(refused.body, englishPieces("fr")).filter((text) => !isData(text))).toEqual([]);
  });

  it("shows the catalogue schema's messages in the operator's language", async () => {
    const url = `/admin/catalogue/categories/${artefact.parentId}/artefacts/new`;
    const refused = await formPost(
      store,
      url,
      {
        intent: ["category-create"],
        parent_id: [String(artefact.parentId)],
        name: ["n".repeat(121)],
        slug: [""],
        icon: ["i".repeat(65)],
        single_line: [""],
        price: ["-1"],
        payment_note: [""],
        meta_title: ["t".repeat(201)],
        meta_description: [""],
      },
      { cookie: `access-token=${operators.es}` },
    );
    expect(refused.statusCode).toBe(422);
    for (const message of [
      "El nombre debe tener como máximo 120 caracteres",
      "El slug es obligatorio",
      "El icono debe tener como máximo 64 caracteres",
      "El precio debe ser mayor que 0",
      "El metatítulo debe tener como máximo 200 caracteres",
    ]) {
      expect(refused.body).toContain(message);
    }
    expect(englishLeftIn(refused.body, englishPieces("es")).filter((text) => !isData(text))).toEqual([]);
  });

  it("names the slug's owner and the sold artefact in the operator's language", async () => {
    const url = `/admin/catalogue/categories/${artefact.parentId}/artefacts/new`;
    const cookie = { cookie: `access-token=${operators.es}` };
    const taken = await formPost(
      store,
      url,
      {
        intent: ["category-create"],
        parent_id: [String(artefact.parentId)],
        name: ["Otro Docker"],
        slug: ["docker"],
      },
      cookie,
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.body).toContain("Este slug ya lo usa «Docker».");
    expect(englishLeftIn(taken.body, englishPieces("es")).filter((text) => !isData(text))).toEqual([]);

    const [sold] = await store.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, soldId));
    const refused = await formPost(
      store,
      "/admin/catalogue",
      { intent: ["category-delete"], id: [String(soldId)] },
      { cookie: `access-token=${operators.fr}` },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(
      `« ${sold?.name} » a été vendu, il ne peut donc pas être supprimé ; masquez-le plutôt.`,
    );
    expect(englishLeftIn(refused.body, englishPieces("fr")).filter((text) => !isData(text))).toEqual([]);
  });

  it("sends the admin area's texts to operators only: a learner's page and catalogue go without them", async () => {
    // Spanish admin texts no other page shows: they reach the browser only in the page's catalogue file.
    const { admin = {}, ...others } = CATALOGUES.es;
    const elsewhere = JSON.stringify(others);
    const adminOnly = Object.values(admin).filter(
      (text) => /^[\p{L} ,.]{20,}$/u.test(text) && !elsewhere.includes(text),
    );
    expect(adminOnly.length).toBeGreaterThan(20);
    for (const url of ["/dashboard", "/docker"]) {
      const learnerPage = await page(url, learner);
      expect(learnerPage.body, url).toContain('<html lang="es"');
      const catalogue = JSON.stringify((await pageCatalogue(store, learnerPage.body))?.resources);
      expect(
        adminOnly.filter((text) => learnerPage.body.includes(text) || catalogue.includes(text)),
        url,
      ).toEqual([]);
    }
    // The operator's catalogue holds them all, so every admin page (and a client-side visit) can say them.
    const operatorPage = await page("/admin/users", operators.es);
    const operatorCatalogue = JSON.stringify((await pageCatalogue(store, operatorPage.body))?.resources);
    expect(adminOnly.filter((text) => !operatorCatalogue.includes(text))).toEqual([]);
  });

  it("shows a learner's 403 in their language", async () => {
    const refused = await page("/admin/users", learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain("Esta área es para los operadores de la tienda.");
    expect(englishLeftIn(refused.body, englishPieces("es"))).toEqual([]);
  });

  it("still shows the English texts to an English operator (the checks see English when it is there)", async () => {
    const res = await page("/admin/catalogue", operators.en);
    expect(res.body).toContain('<html lang="en"');
    expect(englishLeftIn(res.body, englishPieces("es"))).toEqual(
      expect.arrayContaining(["Choose Edit or Add on an item to change the catalogue.", "Filter the catalogue"]),
    );
    const spanish = await page(`/admin/catalogue/categories/${artefact.id}`, operators.es);
    expect(sameAsEnglish(res.body, res.body, "es").length).toBeGreaterThan(10);
    expect(spanish.body).toContain("Filtrar el catálogo");
  });
});
