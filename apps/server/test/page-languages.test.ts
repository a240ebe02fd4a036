import type { ListingResponse, NotificationsView } from "@skillshelf/shared/api.ts";
import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import { languagePath, SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { english, inLanguage, type Message } from "@skillshelf/shared/i18n/message.ts";
import { createPageTranslator } from "@skillshelf/shared/i18n/page-translator.ts";
import { VALUED_MESSAGES, valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
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
    it(`leave no English interface text in a guest's page at its ${code} URL`, async () => {
      const pieces = englishPieces(code);
      expect(pieces.length).toBeGreaterThan(100);
      // A reset link that works: the form for the new password.
      const user = await createUser(store);
      await store.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: user.email } });
      const link = /\/reset-password\/[\w-]+/.exec((await lastMailOf(store, user.email))?.text ?? "")?.[0];
      expect(link).toBeDefined();
      expect((await get(link ?? "")).body).toContain('name="confirm_password"');
      for (const page of [...PUBLIC_PAGES, link ?? ""].map((path) => languagePath(code, path))) {
        const res = await get(page);
        expect([200, 404, 422], page).toContain(res.statusCode);
        expect(res.body, page).toContain(`<html lang="${code}"`);
        expect(englishLeftIn(res.body, pieces), page).toEqual([]);
      }
    });
  }

  it("show a plain form post's messages in the page's language (the schemas' English, translated where shown)", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/es/registration",
      payload: "name=&email=nope&password=short&confirm_password=other",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: PUBLIC_URL,
        "sec-fetch-site": "same-origin",
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
      const guest = await pageCatalogue(store, (await get(`/${code}/docker`)).body);
      expect(guest?.url).toMatch(new RegExp(`^/i18n/guest\\.${code}\\.`));
      expect(guest?.resources).not.toHaveProperty("account");
      expect(guest?.resources).not.toHaveProperty("checkout");
    }
    // English keys are the texts: an English page carries its few plural forms inline and names no file.
    expect(await pageCatalogue(store, (await get("/docker")).body)).toBeNull();
    // The name another build gave a file (a page from an instance not yet updated): this build's
    // catalogue of that audience and language, which the browser checks again rather than keeps.
    const current = await pageCatalogue(store, (await get("/fr/docker")).body);
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
  it("is the URL's for a guest, whatever the lang cookie or Accept-Language say: English unprefixed", async () => {
    const spanish = await get("/es/docker");
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain("Añadir al carrito");
    // The same page for every guest, so it varies on no language header.
    for (const headers of [
      { "accept-language": "fr-FR,fr;q=0.9" },
      { cookie: "lang=fr" },
      { cookie: "lang=en" },
    ] as Record<string, string>[]) {
      const asked = await get("/es/docker", headers);
      expect(asked.body, JSON.stringify(headers)).toBe(spanish.body);
      expect(asked.headers.etag).toBe(spanish.headers.etag);
    }
    expect(String(spanish.headers.vary).toLowerCase().split(/,\s*/)).toEqual([
      "cookie",
      "authorization",
      "accept-encoding",
    ]);
    // A sentence with a link in it keeps the link's words inside the link, and the link in the page's language.
    expect((await get("/es/docker/images")).body).toContain(
      'Consíguelos en la <a href="/es/docker" data-discover="true">página de Docker</a>',
    );
    expect((await get("/fr/docker")).body).toContain("Ajouter au panier");

    for (const headers of [{ "accept-language": "es" }, { cookie: "lang=fr" }, {}] as Record<string, string>[]) {
      const english = await get("/docker", headers);
      expect(english.body, JSON.stringify(headers)).toContain('<html lang="en"');
      expect(english.body, JSON.stringify(headers)).toContain("Add To Cart");
      expect(english.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/docker"/>`);
    }
    // An English URL's guest page may carry a first visit's notice: it varies on the browser's language.
    expect(
      String((await get("/docker")).headers.vary)
        .toLowerCase()
        .split(/,\s*/),
    ).toEqual(["cookie", "authorization", "accept-language", "accept-encoding"]);
  });

  it("offers a guest's first visit to an English URL the page in the browser's language, never redirecting", async () => {
    const notice = (html: string) =>
      DomUtils.findOne(
        (node) => node.name === "div" && node.attribs.class === "language-notice",
        parseDocument(html).children,
      );
    const first = await get("/docker/images?ref=mail", { "accept-language": "de-DE, es;q=0.8, en;q=0.5" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<html lang="en"');
    const offered = notice(first.body);
    expect(offered?.attribs.lang).toBe("es");
    expect(offered && DomUtils.textContent(offered)).toContain("Esta página también está en español.");
    const link = offered && DomUtils.findOne((node) => node.name === "a", offered.children);
    expect(link?.attribs).toMatchObject({ href: "/es/docker/images?ref=mail", hreflang: "es" });
    expect(link && DomUtils.textContent(link)).toBe("Leerla en español");
    // "No, thanks" asks for this page with ?lang=en: the lang cookie, and no notice from then on.
    const form = offered && DomUtils.findOne((node) => node.name === "form", offered.children);
    expect(form?.attribs).toMatchObject({ method: "get", action: "/docker/images" });
    expect(
      form &&
        DomUtils.findAll((node) => node.name === "input" || node.name === "button", form.children).map(
          (n) => n.attribs,
        ),
    ).toEqual([
      { type: "hidden", name: "ref", value: "mail" },
      expect.objectContaining({ type: "submit", name: "lang", value: "en" }),
    ]);
    const kept = await get("/docker/images?ref=mail&lang=en", { "accept-language": "es" });
    expect(kept.statusCode).toBe(301);
    expect(kept.headers.location).toBe("/docker/images?ref=mail");
    expect(String(kept.headers["set-cookie"])).toMatch(/^lang=en; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(notice((await get("/docker/images", { "accept-language": "es", cookie: "lang=en" })).body)).toBeNull();
    expect(notice((await get("/docker", { "accept-language": "fr" })).body)?.attribs.lang).toBe("fr");
    // No notice where there is nothing to offer, for a chosen language, at a Spanish URL or for a learner.
    const learner = `access-token=${await signIn(store, (await createUser(store, { language: "English" })).id)}`;
    for (const [url, headers] of [
      ["/docker", { "accept-language": "en-GB" }],
      ["/docker", { "accept-language": "de" }],
      ["/docker", {}],
      ["/docker", { "accept-language": "es", cookie: "lang=fr" }],
      ["/es/docker", { "accept-language": "fr" }],
      ["/docker", { "accept-language": "es", cookie: learner }],
    ] as const) {
      expect(notice((await get(url, headers)).body), `${url} ${JSON.stringify(headers)}`).toBeNull();
    }
  });

  it("is chosen by ?lang= (the switcher, old links): a 301 to the same page at that language's URL, remembered", async () => {
    const moves: [string, string, string | null][] = [
      ["/docker?lang=fr", "/fr/docker", "fr"],
      ["/fr/docker/images?lang=es", "/es/docker/images", "es"],
      ["/es?lang=en", "/", "en"],
      ["/?letter=D&lang=fr&page=2", "/fr?letter=D&page=2", "fr"],
      ["/search?q=docker&lang=es", "/es/search?q=docker", "es"],
      ["/es/login?redirectTo=%2Fcart&lang=fr", "/fr/login?redirectTo=%2Fcart", "fr"],
      ["/no-such-page?lang=es", "/es/no-such-page", "es"],
      // An unknown language is dropped; the English-only pages stay English.
      ["/docker?lang=de", "/docker", null],
      ["/es/docker?lang=", "/es/docker", null],
      ["/dashboard?lang=es", "/dashboard", "es"],
      ["/admin/orders?lang=fr&page=2", "/admin/orders?page=2", "fr"],
    ];
    for (const [url, location, cookie] of moves) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await store.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(301);
        expect(res.headers.location, url).toBe(location);
        expect(res.headers["cache-control"], url).toBe("private, no-store");
        if (cookie) {
          expect(String(res.headers["set-cookie"]), url).toMatch(
            new RegExp(`^lang=${cookie}; Max-Age=31536000; Path=/; SameSite=Lax`),
          );
        } else expect(res.headers["set-cookie"], url).toBeUndefined();
      }
    }
  });

  it("sends a guest's plain form post on to the next page at its language's URL", async () => {
    const email = `urls-${Date.now()}@example.com`;
    const registered = await formPost(store, "/es/registration", {
      name: "Ana",
      email,
      password: "Shelf@2025x",
      confirm_password: "Shelf@2025x",
    });
    expect(registered.statusCode, registered.body).toBe(303);
    expect(registered.headers.location).toBe("/es/login?notice=registered");
    const asked = await formPost(store, "/fr/forgot-password", { email });
    expect(asked.headers.location).toBe("/fr/login?notice=reset-sent");
    // Add To Cart and an article's progress sign a guest in first, and come back to the page.
    const docker = (
      await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })
    ).json<ListingResponse>();
    const add = await formPost(store, "/cart", {
      intent: "add",
      sub_category_id: String(docker.seo_data.id),
      redirectTo: "/es/docker#add",
    });
    expect(add.headers.location).toBe(`/es/login?redirectTo=${encodeURIComponent("/es/docker#add")}`);
    const done = await formPost(store, "/fr/docker/images", { content_id: "1", done: "true" });
    expect(done.headers.location).toBe(`/fr/login?redirectTo=${encodeURIComponent("/fr/docker/images")}`);
  });

  it("stays the reader's on the error page of a header that cannot be read (the database away)", async () => {
    const away = vi.spyOn(store.app.catalogue, "navigation").mockRejectedValue(new Error("database away"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const [url, headers] of [
        ["/fr/docker?header=away", {}],
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
    expect((await get("/fr/docker?header=away")).statusCode).toBe(200);
  });

  it("keeps guests' pages per language URL: English, Spanish and French of one page are three pages", async () => {
    const en = await get("/tech-cards");
    const es = await get("/es/tech-cards");
    const fr = await get("/fr/tech-cards");
    const again = await get("/es/tech-cards", { "accept-language": "fr", cookie: "lang=fr" });
    expect(new Set([en.headers.etag, es.headers.etag, fr.headers.etag]).size).toBe(3);
    expect(again.headers.etag).toBe(es.headers.etag);
    expect(again.body).toContain('<html lang="es"');
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain("Artefacts in Tech Cards");
    // The English page with a first visit's notice is a page of its own, kept too.
    const offered = await get("/tech-cards", { "accept-language": "es" });
    expect(new Set([en.headers.etag, es.headers.etag, offered.headers.etag]).size).toBe(3);
    expect((await get("/tech-cards", { "accept-language": "es-ES" })).headers.etag).toBe(offered.headers.etag);
  });

  it("links each public page to itself at every language's URL (hreflang), x-default the English one", async () => {
    for (const url of ["/docker/images", "/es/docker/images", "/fr/docker/images"]) {
      const res = await get(url);
      const links = [...res.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
        m[1],
        m[2],
      ]);
      expect(links, url).toEqual([
        ["en", `${PUBLIC_URL}/docker/images`],
        ["es", `${PUBLIC_URL}/es/docker/images`],
        ["fr", `${PUBLIC_URL}/fr/docker/images`],
        ["x-default", `${PUBLIC_URL}/docker/images`],
      ]);
      expect(res.body, url).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}"/>`);
    }
  });

  it("is a learner's setting, whatever the cookie or the browser says; prices and dates follow it", async () => {
    const learner = await createUser(store, { language: "Spanish" });
    const token = await signIn(store, learner.id);
    const res = await get("/docker", { cookie: `access-token=${token}; lang=fr`, "accept-language": "fr" });
    expect(res.body).toContain('<html lang="es"');
    expect(res.body).toContain("Cerrar sesión");
    // Spanish money: "19,99 £".
    expect(res.body).toContain("19,99");

    const guest = await get("/fr/docker");
    expect(guest.body).toMatch(/19,99\s£/);
    expect((await get("/docker")).body).toContain("£19.99");
  });

  it("is a language URL's for a learner too; their pages' links stay in the page's language", async () => {
    const learner = await createUser(store, { language: "Spanish" });
    const cookie = `access-token=${await signIn(store, learner.id)}`;
    const french = await get("/fr/docker", { cookie });
    expect(french.body).toContain('<html lang="fr"');
    expect(french.body).toContain("Ajouter au panier");
    expect(french.headers["cache-control"]).toBe("private, no-cache");
    expect(french.body).toContain('href="/fr/tech-cards"');
    // At an English URL, the setting: a Spanish page, whose catalogue links go to the Spanish URLs,
    // and the account area's stay English URLs.
    const dashboard = await get("/dashboard", { cookie });
    expect(dashboard.body).toContain('<html lang="es"');
    expect(dashboard.body).toContain('href="/es/tech-cards"');
    expect(dashboard.body).toContain('href="/es"');
    expect(dashboard.body).toContain('href="/settings"');
    expect(dashboard.body).not.toContain('href="/es/settings"');
  });

  it("puts a searched text into a translated sentence as text, never as markup or a placeholder", async () => {
    const query = "<anchor>x</anchor> {{query}} & $t(Sign out)";
    const res = await get(`/es/search?q=${encodeURIComponent(query)}`);
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
    const res = await get("/fr/search?q=docker");
    const form = /<form class="language-switcher" action="\/fr\/search" method="get">([\s\S]*?)<\/form>/.exec(
      res.body,
    )?.[1];
    expect(form).toBeDefined();
    expect(form).toContain('<input type="hidden" name="q" value="docker"/>');
    expect(form).toContain('<select id="language-switcher" name="lang">');
    expect(form).toMatch(/<option value="fr" lang="fr" selected="">Français<\/option>/);
  });
});
