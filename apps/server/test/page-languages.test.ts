import type { ListingResponse, NotificationsView } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { english, inLanguage, type Message, valuedMessage } from "@skillshelf/shared/i18n/message.ts";
import { createPageTranslator } from "@skillshelf/shared/i18n/page-translator.ts";
import { VALUED_MESSAGES } from "@skillshelf/shared/i18n/valued-messages.ts";
import { sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { coupons, orders } from "../src/db/schema/index.ts";
import { notify } from "../src/notifications/notifications.ts";
import { bearer, createUser, lastMailOf, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { englishLeftAmong, englishLeftIn, englishPieces } from "./helpers/languages.ts";
import { addToCart, buyFromListing, payForCart } from "./helpers/orders.ts";
import { formPost, PUBLIC_PAGES, pageCatalogue } from "./helpers/pages.ts";

let store: TestStore;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
}, 180_000);
afterAll(() => store?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...headers } });

describe("pages in Spanish and French", () => {
  for (const code of ["es", "fr"] as const) {
    it(`leave no English interface text in a ${code} page, for a guest who chose ${code}`, async () => {
      const pieces = englishPieces(code);
      expect(pieces.length).toBeGreaterThan(100);
      // A reset link that works: the form for the new password.
      const user = await createUser(store);
      await store.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: user.email } });
      const link = /\/reset-password\/[\w-]+/.exec((await lastMailOf(store, user.email))?.text ?? "")?.[0];
      expect(link).toBeDefined();
      expect((await get(link ?? "")).body).toContain('name="confirm_password"');
      for (const page of [...PUBLIC_PAGES, link ?? ""]) {
        const res = await get(page, { cookie: `lang=${code}` });
        expect([200, 404, 422], page).toContain(res.statusCode);
        expect(res.body, page).toContain(`<html lang="${code}"`);
        expect(englishLeftIn(res.body, pieces), page).toEqual([]);
      }
    });
  }

  it("show a plain form post's messages in the page's language (the schemas' English, translated where shown)", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/registration",
      payload: "name=&email=nope&password=short&confirm_password=other",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: PUBLIC_URL,
        "sec-fetch-site": "same-origin",
        cookie: "lang=es",
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("El nombre completo es obligatorio");
    expect(res.body).toContain("Dirección de correo no válida");
    expect(englishLeftIn(res.body, englishPieces("es"))).toEqual([]);
  });

  for (const code of ["es", "fr"] as const) {
    it(`leave no English interface text in a learner's ${code} cart, empty and with a line`, async () => {
      const learner = await createUser(store, { language: code === "es" ? "Spanish" : "French" });
      const token = await signIn(store, learner.id);
      const headers = { cookie: `access-token=${token}` };
      const pieces = englishPieces(code);
      const empty = await get("/cart", headers);
      expect(empty.body).toContain(`<html lang="${code}"`);
      expect(englishLeftIn(empty.body, pieces)).toEqual([]);
      const docker = await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } });
      const id = docker.json<{ seo_data: { id: number } }>().seo_data.id;
      const added = await store.app.inject({
        method: "POST",
        url: "/api/cart/add",
        headers: { authorization: `Bearer ${token}` },
        payload: { sub_category_id: id, group_id: null },
      });
      expect(added.statusCode, added.body).toBe(201);
      const full = await get("/cart", headers);
      expect(full.body).toContain(code === "es" ? "1 artículo en el carrito" : "1 article dans le panier");
      expect(englishLeftIn(full.body, pieces)).toEqual([]);
    });
  }

  it("still show English in an English page (the test sees English when it is there)", async () => {
    const pieces = englishPieces("es");
    const res = await get("/docker");
    expect(res.body).toContain('<html lang="en"');
    expect(englishLeftIn(res.body, pieces)).toEqual(expect.arrayContaining(["Add To Cart", "Browse Courses"]));
  });
});

describe("a signed-in learner's pages in Spanish and French", () => {
  /**
   * A learner of `code` with two orders (Docker's Basics group, then the whole
   * artefact less the credit for the group, with a coupon), an article done,
   * and a notification of each kind.
   */
  async function learnerWithHistory(code: "es" | "fr") {
    const learner = await createUser(store, { language: SETTING_OF_CODE[code] });
    const token = await signIn(store, learner.id);
    const docker = (
      await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
    ).json<ListingResponse>();
    const first = await buyFromListing(store, { id: learner.id, token }, docker, "Basics");
    const images = docker.groups.find((g) => g.name === "Basics")?.contents[0];
    const marked = await store.app.inject({
      method: "PUT",
      url: `/api/progress/${images?.id}`,
      headers: bearer(token),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await addToCart(store, token, docker);
    const coupon = `TEN-${code}-${learner.id}`.toUpperCase();
    await store.database.db.insert(coupons).values({ code: coupon, kind: "percent", value: 10 });
    const applied = await formPost(
      store,
      "/cart",
      { intent: "coupon", code: coupon },
      { cookie: `access-token=${token}` },
    );
    expect(applied.statusCode, applied.body).toBe(303);
    return { learner, token, first, coupon };
  }

  for (const code of ["es", "fr"] as const) {
    it(`leave no English interface text in a learner's ${code} pages, with orders, items and notifications`, async () => {
      const pieces = englishPieces(code);
      const { learner, token, first } = await learnerWithHistory(code);
      const headers = { cookie: `access-token=${token}` };
      const check = async (page: string, status = 200) => {
        const res = await get(page, headers);
        expect(res.statusCode, page).toBe(status);
        expect(res.body, page).toContain(`<html lang="${code}"`);
        expect(englishLeftIn(res.body, pieces), page).toEqual([]);
        return res.body;
      };
      // The cart and checkout with the credit for the group and the coupon's discount.
      const cart = await check("/cart");
      expect(cart).toContain(code === "es" ? "Crédito por lo que ya tienes" : "Crédit pour ce que vous possédez");
      await check("/checkout");
      const refused = await formPost(store, "/cart", { intent: "coupon", code: "NO-SUCH-CODE" }, headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(code === "es" ? "Este código no es válido." : "Ce code n'est pas valide.");
      expect(englishLeftIn(refused.body, pieces)).toEqual([]);

      const second = await (await payForCart(store, learner.id)).confirm();
      await notify(
        store.database.db,
        [
          {
            userId: learner.id,
            params: { kind: "order_refunded", order: "SKL-TEST", amount_minor: 500, currency: "GBP", method: "Card" },
            link: `/order-details/${first.orderId}`,
          },
          {
            userId: learner.id,
            params: { kind: "new_article", title: "Networks", artefact: "Docker" },
            link: "/docker/images",
          },
        ],
        store.app.clock(),
      );
      // Unread first, then (seen) under Earlier.
      const unread = await check("/notifications");
      expect(unread).toContain(code === "es" ? "Tu pedido está completo" : "Votre commande est terminée");
      expect(unread).toContain("5,00");
      // A refund's kind is the noun, not the refund button's verb ("Reembolsar").
      expect(unread).toContain(
        `<span class="notification__kind">${code === "es" ? "Reembolso" : "Remboursement"}</span>`,
      );
      await check("/notifications");
      for (const page of [
        "/dashboard",
        "/settings",
        "/my-items",
        "/my-orders",
        `/order-details/${first.orderId}`,
        `/order-details/${second.orderId}`,
        `/payment-confirmation?order=${second.orderId}`,
        `/order-confirmation?order=${second.orderId}`,
        "/payment-cancelled",
        "/payment-cancelled?refunded=1",
        "/cart",
        "/docker/images",
        "/search?q=docker",
      ]) {
        await check(page);
      }
      // Error pages a learner meets: another's (or no) order.
      await check("/order-details/999999", 404);
      await check("/docker/no-such-article", 404);
      // A paged list's link that no longer works.
      for (const list of ["/my-items", "/my-orders", "/notifications"]) await check(`${list}?cursor=not-a-cursor`, 422);
      expect(await check("/my-items")).toContain(code === "es" ? "Continuar" : "Continuer");
      expect(await check(`/order-details/${second.orderId}`)).toContain(
        code === "es" ? "Solicitar reembolso" : "Demander un remboursement",
      );
      expect(await check("/docker/images")).toContain(
        code === "es" ? "Marcar como no hecho" : "Marquer comme non terminé",
      );
      // The search page's heading is the noun; its button the verb.
      const search = await check("/search");
      expect(search).toContain(code === "es" ? ">Búsqueda</h1>" : ">Recherche</h1>");
      expect(search).toContain(code === "es" ? ">Buscar</button>" : ">Rechercher</button>");

      // A plain form post's refusal on the dashboard, in the page's language.
      const wrong = await formPost(
        store,
        "/dashboard",
        { intent: "password", old_password: "nope", password: "short", confirm_password: "other" },
        headers,
      );
      expect(wrong.statusCode).toBe(422);
      expect(englishLeftIn(wrong.body, pieces)).toEqual([]);

      // A learner with nothing yet: the empty states.
      const fresh = await createUser(store, { language: SETTING_OF_CODE[code] });
      const freshHeaders = { cookie: `access-token=${await signIn(store, fresh.id)}` };
      for (const page of ["/my-items", "/my-orders", "/notifications", "/cart"]) {
        const res = await get(page, freshHeaders);
        expect(res.statusCode, page).toBe(200);
        expect(englishLeftIn(res.body, pieces), page).toEqual([]);
      }
    });
  }

  it("sends a Spanish or French page's catalogue as a file the browser keeps, not in the page", async () => {
    for (const code of ["es", "fr"] as const) {
      const learner = await createUser(store, { language: SETTING_OF_CODE[code] });
      const headers = { cookie: `access-token=${await signIn(store, learner.id)}` };
      const english = await get("/my-orders", {
        cookie: `access-token=${await signIn(store, (await createUser(store)).id)}`,
      });
      const translated = await get("/my-orders", headers);
      expect(translated.body).toContain(`<html lang="${code}"`);

      const catalogue = await pageCatalogue(store, translated.body);
      expect(catalogue?.url).toMatch(new RegExp(`^/i18n/learner\\.${code}\\.[\\w-]{12}\\.json$`));
      // The learner's namespaces, none of the operator's or the server's.
      expect(Object.keys(catalogue?.resources ?? {}).sort()).toEqual(
        ["account", "auth", "catalogue", "checkout", "commerce", "common", "home", "validation"].sort(),
      );
      // What checkout says is in the file, not in a page that does not show it; the page weighs about what English does.
      const checkoutText = Object.values(catalogue?.resources.checkout ?? {}).find((text) => text.length > 40) ?? "";
      expect(checkoutText).not.toBe("");
      expect(translated.body).not.toContain(checkoutText);
      expect(translated.body.length).toBeLessThan(english.body.length * 1.1);

      const file = await store.app.inject({ url: catalogue?.url ?? "", headers: { "accept-encoding": "br" } });
      expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(file.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(file.headers["content-encoding"]).toBe("br");

      // A guest's page names the guest's file: without the account area's texts.
      const guest = await pageCatalogue(store, (await get(`/docker?lang=${code}`)).body);
      expect(guest?.url).toMatch(new RegExp(`^/i18n/guest\\.${code}\\.`));
      expect(guest?.resources).not.toHaveProperty("account");
      expect(guest?.resources).not.toHaveProperty("checkout");
    }
    // English keys are the texts: an English page carries its few plural forms inline and names no file.
    expect(await pageCatalogue(store, (await get("/docker?lang=en")).body)).toBeNull();
    // The name another build gave a file (a page from an instance not yet updated): this build's
    // catalogue of that audience and language, which the browser checks again rather than keeps.
    const current = await pageCatalogue(store, (await get("/docker?lang=fr")).body);
    const older = await store.app.inject({ url: "/i18n/guest.fr.AAAAAAAAAAAA.json" });
    expect(older.statusCode).toBe(200);
    expect(older.headers["cache-control"]).toBe("no-cache");
    expect(older.json()).toEqual(current?.resources);
    // No such audience or language, or no file name at all: not found.
    for (const url of ["/i18n/learner.de.AAAAAAAAAAAA.json", "/i18n/nobody.fr.AAAAAAAAAAAA.json", "/i18n/x"]) {
      const missing = await store.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ status: false, message: "Not found" });
    }
  });

  it("writes a notification in its reader's language in the API too; one from before migration 0013 as it was", async () => {
    const learner = await createUser(store, { language: "Spanish" });
    const token = await signIn(store, learner.id);
    await notify(
      store.database.db,
      [
        {
          userId: learner.id,
          params: { kind: "order_completed", order: "SKL-1", items: ["Docker: Basics", "Git"] },
          link: "/my-items",
        },
      ],
      store.app.clock(),
    );
    // A row written before the notifications kept what they are about: English text, no params.
    await store.database.db.execute(
      sql`insert into notifications (user_id, kind, title, text, link) values (${learner.id}, 'new_article', 'New article in Git', 'Branches is ready to read in Git.', '/git/branches')`,
    );
    const res = await store.app.inject({ url: "/api/notifications", headers: bearer(token) });
    const { unread } = res.json<{ data: NotificationsView }>().data;
    expect(unread.map((n) => [n.title, n.text])).toEqual([
      ["New article in Git", "Branches is ready to read in Git."],
      ["Tu pedido está completo", "Pedido SKL-1: Docker: Basics, Git están desbloqueados."],
    ]);
    // The stored English is the SPEC's words, for any reader whose language has none.
    const [stored] = await store.database.db
      .execute<{ title: string; text: string }>(
        sql`select title, text from notifications where user_id = ${learner.id} and params is not null`,
      )
      .then((r) => (r as unknown as { rows: { title: string; text: string }[] }).rows);
    expect(stored).toEqual({ title: "Your order is complete", text: "Order SKL-1: Docker: Basics, Git are unlocked." });
  });
});

describe("messages that carry values, in Spanish and French", () => {
  /** A value for each placeholder: catalogue names stay as they are, a moment is a date. */
  const SAMPLE: Record<string, string> = {
    owner: "Docker",
    artefact: "Docker",
    name: "Basics",
    filename: "notes.docx",
    field: "name",
    order: "SKL-20261124-0a1b2c3d",
  };
  const at = new Date("2026-12-02T10:00:00Z");
  const sampleOf = (key: string): Message => ({
    key,
    values: Object.fromEntries(
      [...key.matchAll(/\{\{(\w+)\}\}/g)].map(([, name = ""]) => [
        name,
        name === "reason"
          ? valuedMessage("importSold", { name: "Git" })
          : name === "moment"
            ? at
            : (SAMPLE[name] ?? "12"),
      ]),
    ),
  });

  for (const code of ["es", "fr"] as const) {
    it(`are each shown in ${code} from their key, with no English left and the values kept`, () => {
      const { t } = createPageTranslator(code, CATALOGUES[code]);
      const pieces = englishPieces(code);
      for (const key of Object.values(VALUED_MESSAGES)) {
        const message = sampleOf(key);
        const text = english(message);
        const shown = inLanguage(code, t, message);
        expect(shown, text).not.toBe(text);
        expect(englishLeftAmong([shown], pieces), text).toEqual([]);
        for (const value of ["Docker", "Basics", "notes.docx", "SKL-20261124-0a1b2c3d"]) {
          if (text.includes(value)) expect(shown, text).toContain(value);
        }
        if (key.includes("{{moment}}")) expect(shown).not.toContain("December");
      }
    });
  }

  it("show the cart's refusal, naming what is in the cart, in the learner's language", async () => {
    const learner = await createUser(store, { language: "Spanish" });
    const cookie = { cookie: `access-token=${await signIn(store, learner.id)}` };
    const docker = (
      await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
    ).json<ListingResponse>();
    const fields = { intent: "add", sub_category_id: String(docker.seo_data.id), redirectTo: "/docker" };
    expect((await formPost(store, "/cart", fields, cookie)).statusCode).toBe(303);
    const twice = await formPost(store, "/cart", fields, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain("Docker ya está en tu carrito.");
    expect(englishLeftIn(twice.body, englishPieces("es"))).toEqual([]);
  });

  it("show the refund's 409 naming the deadline in the learner's language and date format", async () => {
    const learner = await createUser(store, { language: "French" });
    const token = await signIn(store, learner.id);
    const docker = (
      await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
    ).json<ListingResponse>();
    const { orderId } = await buyFromListing(store, { id: learner.id, token }, docker, "Basics");
    // Bought on 1 March 2026 at 09:30 UTC: the guarantee ended on 7 March.
    await store.database.db
      .update(orders)
      .set({ createdAt: new Date("2026-03-01T09:30:00Z") })
      .where(sql`${orders.id} = ${orderId}`);
    const refused = await formPost(store, `/order-details/${orderId}`, {}, { cookie: `access-token=${token}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(
      "La garantie satisfait ou remboursé de 6 jours de cette commande a pris fin le 7 mars 2026 à 09:30 UTC.",
    );
    expect(englishLeftIn(refused.body, englishPieces("fr"))).toEqual([]);
  });
});

describe("the page's language", () => {
  it("is a guest's Accept-Language, then their choice by ?lang= remembered in the lang cookie", async () => {
    const spanish = await get("/docker", { "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain("Añadir al carrito");
    // A sentence with a link in it keeps the link's words inside the link.
    expect((await get("/docker/images", { cookie: "lang=es" })).body).toContain(
      'Consíguelos en la <a href="/docker" data-discover="true">página de Docker</a>',
    );
    expect(String(spanish.headers.vary).toLowerCase()).toMatch(/cookie.*accept-language|accept-language.*cookie/);

    const preferred = await get("/docker", { "accept-language": "de-DE, fr;q=0.7, es;q=0.5" });
    expect(preferred.body).toContain('<html lang="fr"');
    expect((await get("/docker", { "accept-language": "de-DE" })).body).toContain('<html lang="en"');

    const chosen = await get("/docker?lang=fr", { "accept-language": "es" });
    expect(chosen.body).toContain('<html lang="fr"');
    expect(String(chosen.headers["set-cookie"])).toMatch(/^lang=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
    // The cookie then wins over Accept-Language; the canonical link stays without the query.
    const remembered = await get("/docker", { cookie: "lang=fr", "accept-language": "es" });
    expect(remembered.body).toContain('<html lang="fr"');
    expect(remembered.body).toContain("Ajouter au panier");
    expect(remembered.headers["set-cookie"]).toBeUndefined();
    expect(remembered.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/docker"/>`);
    // Unknown values are ignored.
    expect((await get("/docker?lang=de", { cookie: "lang=xx" })).body).toContain('<html lang="en"');
  });

  it("stays the reader's on the error page of a header that cannot be read (the database away)", async () => {
    const away = vi.spyOn(store.app.catalogue, "navigation").mockRejectedValue(new Error("database away"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const [url, headers] of [
        ["/docker?header=away", { cookie: "lang=fr" }],
        [
          "/my-orders",
          { cookie: `access-token=${await signIn(store, (await createUser(store, { language: "French" })).id)}` },
        ],
      ] as const) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(500);
        expect(res.headers["cache-control"], url).not.toContain("public");
        expect(res.body, url).toContain('<html lang="fr"');
        expect(res.body, url).toContain("<title>Une erreur s&#x27;est produite");
        expect(res.body, url).toContain('<h1 class="error-page__title">Un problème est survenu</h1>');
      }
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: "database away" }));
    } finally {
      away.mockRestore();
      logged.mockRestore();
    }
    expect((await get("/docker?header=away", { cookie: "lang=fr" })).statusCode).toBe(200);
  });

  it("keeps guests' pages per language: English, Spanish and French of one address are three pages", async () => {
    const en = await get("/tech-cards");
    const es = await get("/tech-cards", { cookie: "lang=es" });
    const fr = await get("/tech-cards", { "accept-language": "fr" });
    const again = await get("/tech-cards", { cookie: "lang=es" });
    expect(new Set([en.headers.etag, es.headers.etag, fr.headers.etag]).size).toBe(3);
    expect(again.headers.etag).toBe(es.headers.etag);
    expect(again.body).toContain('<html lang="es"');
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain("Artefacts in Tech Cards");
  });

  it("links each public page to itself in every language (hreflang), x-default without the query", async () => {
    const res = await get("/docker/images", { cookie: "lang=es" });
    const links = [...res.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      ["en", `${PUBLIC_URL}/docker/images?lang=en`],
      ["es", `${PUBLIC_URL}/docker/images?lang=es`],
      ["fr", `${PUBLIC_URL}/docker/images?lang=fr`],
      ["x-default", `${PUBLIC_URL}/docker/images`],
    ]);
  });

  it("is a learner's setting, whatever the cookie or the browser says; prices and dates follow it", async () => {
    const learner = await createUser(store, { language: "Spanish" });
    const token = await signIn(store, learner.id);
    const res = await get("/docker", { cookie: `access-token=${token}; lang=fr`, "accept-language": "fr" });
    expect(res.body).toContain('<html lang="es"');
    expect(res.body).toContain("Cerrar sesión");
    // Spanish money: "19,99 £".
    expect(res.body).toContain("19,99");

    const guest = await get("/docker", { cookie: "lang=fr" });
    expect(guest.body).toMatch(/19,99\s£/);
    expect((await get("/docker")).body).toContain("£19.99");
  });

  it("puts a searched text into a translated sentence as text, never as markup or a placeholder", async () => {
    const query = "<anchor>x</anchor> {{query}} & $t(Sign out)";
    const res = await get(`/search?q=${encodeURIComponent(query)}`, { cookie: "lang=es" });
    const status = DomUtils.findOne(
      (node) => node.name === "p" && node.attribs.role === "status",
      parseDocument(res.body).children,
    );
    expect(status && DomUtils.textContent(status)).toBe(`No hay resultados para «${query}».`);
    const strong = status && DomUtils.findOne((node) => node.name === "strong", status.children);
    expect(strong && DomUtils.textContent(strong)).toBe(`«${query}»`);
    expect(status && DomUtils.findOne((node) => node.name === "anchor", status.children)).toBeNull();
  });

  it("is offered to guests by a switcher that works as a plain form", async () => {
    const res = await get("/search?q=docker", { cookie: "lang=fr" });
    const form = /<form class="language-switcher" action="\/search" method="get">([\s\S]*?)<\/form>/.exec(
      res.body,
    )?.[1];
    expect(form).toBeDefined();
    expect(form).toContain('<input type="hidden" name="q" value="docker"/>');
    expect(form).toContain('<select id="language-switcher" name="lang">');
    expect(form).toMatch(/<option value="fr" lang="fr" selected="">Français<\/option>/);
  });
});
