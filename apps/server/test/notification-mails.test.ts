import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { and, eq, inArray, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, notifications, users } from "../src/db/schema/index.ts";
import type { OutgoingMail } from "../src/mail/outbox.ts";
import { RATE_LIMITS } from "../src/operations/rate-limits.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, LogCapture, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { englishLeftAmong, englishPieces, readerTexts } from "./helpers/languages.ts";
import { buyFromListing } from "./helpers/orders.ts";
import { manyOwners } from "./helpers/owners.ts";

const log = new LogCapture();
let store: TestStore;
let docker: ListingResponse;
let adminToken: string;

beforeAll(async () => {
  store = await createTestStore({ log });
  await store.importCatalogue(smallCatalogue());
  // The Stripe emulator's API is reached over HTTP, at the store's own address.
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
}, 120_000);
afterAll(() => store?.close());

/** A learner who bought the whole of Docker, through the one fulfilment. */
async function owner(profile: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(store, profile);
  const token = await signIn(store, user.id);
  const bought = await buyFromListing(store, { id: user.id, token }, docker);
  return { user, token, orderId: bought.orderId };
}

/** An article added to Docker by an operator, as the catalogue editor adds it. */
async function addArticle(slug: string, title: string) {
  const created = await store.app.inject({
    method: "POST",
    url: `/api/admin/categories/${docker.seo_data.id}/contents`,
    headers: bearer(adminToken),
    payload: { slug, title },
  });
  expect(created.statusCode, created.body).toBe(201);
}

/** The notification mails the outbox holds for an address, oldest first. */
const notificationMailsTo = (email: string) =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.kind, "notification-%")))
    .orderBy(mailOutbox.id);

const readable = (mail: OutgoingMail) => [mail.subject, ...mail.text.split("\n"), ...readerTexts(mail.html)];

describe("notification mails", () => {
  it("tell each owner of a new article whose Email notifications are on, in their language, with a way out", async () => {
    const ana = await owner({ name: "Ana Ruiz", language: "Spanish" });
    const marie = await owner({ name: "Marie Curie", language: "French" });
    const ada = await owner({ name: "Ada Lovelace" });
    const quiet = await owner({ emailNotifications: false });
    const blocked = await owner();
    await store.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.user.id));
    const stranger = await createUser(store);

    await addArticle("named-volumes", "Named volumes");
    await store.app.mail.deliverDue();

    const [english, ...moreEnglish] = await notificationMailsTo(ada.user.email);
    expect(moreEnglish).toEqual([]);
    const unsubscribe = store.app.unsubscribeLinks.url(ada.user.id);
    expect(unsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/unsubscribe/${ada.user.id}\\.[\\w-]{22}$`));
    expect(english?.subject).toBe("New article in Docker");
    expect(english?.text).toBe(
      [
        "Hello Ada Lovelace,",
        "",
        "Named volumes is ready to read in Docker.",
        "",
        `Read the article: ${PUBLIC_URL}/docker/named-volumes`,
        "",
        "You get this mail because e-mail notifications are on in your Skillshelf settings.",
        `Stop these mails: ${unsubscribe}`,
        `Change your settings: ${PUBLIC_URL}/settings`,
        "",
        `Skillshelf · ${SUPPORT_EMAIL}`,
        "",
      ].join("\n"),
    );
    // One click in the mail client (RFC 8058), or the link in the footer.
    expect(english?.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(english?.html).toContain(`href="${unsubscribe}"`);
    expect(english?.html).toContain(`href="${PUBLIC_URL}/docker/named-volumes"`);

    for (const [who, code, subject, text] of [
      [ana, "es", "Nuevo artículo en Docker", "Named volumes ya se puede leer en Docker."],
      [marie, "fr", "Nouvel article dans Docker", "Named volumes est prêt à lire dans Docker."],
    ] as const) {
      const [mail, ...more] = await notificationMailsTo(who.user.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain(text);
      expect(mail?.html).toMatch(new RegExp(`<html [^>]*lang="${code}"`));
      // The article's page in their language.
      expect(mail?.html).toContain(`href="${PUBLIC_URL}/${code}/docker/named-volumes"`);
      expect(mail?.headers?.["List-Unsubscribe"]).toBe(`<${store.app.unsubscribeLinks.url(who.user.id)}>`);
      expect(englishLeftAmong(readable(mail as OutgoingMail), englishPieces(code)), code).toEqual([]);
    }

    // The setting off, a blocked account, or nothing owned: no mail, though the first still has the notice.
    for (const who of [quiet.user, blocked.user, stranger]) {
      expect(await notificationMailsTo(who.email), who.email).toEqual([]);
    }
    const inApp = await store.app.inject({ url: "/api/notifications", headers: bearer(quiet.token) });
    expect(inApp.json().data.unread.map((n: { title: string }) => n.title)).toContain("New article in Docker");

    // Nothing is left to mail: the next runs queue nothing more.
    await store.app.mail.deliverDue();
    expect(await notificationMailsTo(ana.user.email)).toHaveLength(1);
  });

  it("name the article and its artefact as the catalogue translated them when it was added", async () => {
    const ana = await owner({ name: "Ana Ruiz", language: "Spanish" });
    const translated = await store.app.inject({
      method: "PUT",
      url: "/api/admin/catalogue/translations",
      headers: bearer(adminToken),
      payload: { kind: "category", id: docker.seo_data.id, translations: { es: { name: "Docker en español" } } },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    await addArticle("healthchecks", "Healthchecks");
    await store.app.mail.deliverDue();
    const mails = await notificationMailsTo(ana.user.email);
    const mail = mails.find((m) => m.text.includes("Healthchecks"));
    // The article has no Spanish title yet: its English one, in a Spanish sentence.
    expect(mail?.subject).toBe("Nuevo artículo en Docker en español");
    expect(mail?.text).toContain("Healthchecks ya se puede leer en Docker en español.");
    const inApp = await store.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(ana.token) });
    expect(inApp.json().data.unread.map((n: { title: string }) => n.title)).toContain(
      "Nuevo artículo en Docker en español",
    );
  });

  it("are queued once each, a batch at a time, by whichever of two instances claims them", async () => {
    const { orderId } = await owner();
    const many = await manyOwners(store, docker, 130, orderId);
    await addArticle("compose-watch", "Compose watch");
    // The request only marked them; the two instances' mail workers write them, a batch of 50 at a time.
    const other: FastifyInstance = await store.otherInstance();
    try {
      await Promise.all([store.app.mail.deliverDue(), other.mail.deliverDue()]);
    } finally {
      await other.close();
    }
    const mails = await store.database.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        and(
          inArray(
            mailOutbox.to,
            many.map((u) => u.email),
          ),
          eq(mailOutbox.kind, "notification-new_article"),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(many.map((u) => u.email).sort());
    const left = await store.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.mailPending, true));
    expect(left).toEqual([]);
  });

  it("wait out another instance's claim, take over one that ran out, and skip a learner who turned them off since", async () => {
    const live = await owner();
    const dead = await owner();
    const changed = await owner();
    await addArticle("swarm-secrets", "Swarm secrets");
    const noticeOf = async (userId: number) => {
      const [row] = await store.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.mailPending, true)));
      return row?.id ?? 0;
    };
    const now = store.app.clock().getTime();
    // Another instance is still writing the first one's mail; the second's instance died while writing it.
    await store.database.db
      .update(notifications)
      .set({ mailClaimedUntil: new Date(now + 60_000) })
      .where(eq(notifications.id, await noticeOf(live.user.id)));
    await store.database.db
      .update(notifications)
      .set({ mailClaimedUntil: new Date(now - 1000) })
      .where(eq(notifications.id, await noticeOf(dead.user.id)));
    // The third turned e-mail notifications off after the notice was made.
    const settings = await store.app.inject({
      method: "POST",
      url: "/api/setting",
      headers: bearer(changed.token),
      payload: {
        display_name: changed.user.name,
        timezone: "Europe/London",
        language: "English",
        email_notifications: false,
        in_app_notifications: true,
        sms_notifications: false,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    await store.app.mail.deliverDue();
    expect(await notificationMailsTo(live.user.email)).toEqual([]);
    expect(await notificationMailsTo(dead.user.email)).toHaveLength(1);
    expect(await notificationMailsTo(changed.user.email)).toEqual([]);
    expect(await noticeOf(changed.user.id)).toBe(0);
    expect(await noticeOf(live.user.id)).not.toBe(0);
  });
});

describe("an unsubscribe link", () => {
  const formBody = { "content-type": "application/x-www-form-urlencoded" };
  /** A mail client's one-click POST (RFC 8058): multipart, no cookie, no session. */
  const oneClick = (url: string, remoteAddress = "198.51.100.7") =>
    store.app.inject({
      method: "POST",
      url,
      remoteAddress,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
    });
  const settingOf = async (userId: number) =>
    (await store.database.db.select({ on: users.emailNotifications }).from(users).where(eq(users.id, userId)))[0]?.on;

  it("shows a page with a button in the learner's language; opening it changes nothing", async () => {
    const ana = await createUser(store, { language: "Spanish" });
    const path = new URL(store.app.unsubscribeLinks.url(ana.id)).pathname;
    const page = await store.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain("<title>Dejar de recibir correos de notificación · Skillshelf</title>");
    expect(page.body).toContain(ana.email);
    // A plain form to the same address: it works without JavaScript.
    expect(page.body).toContain(`<form action="${path}" method="post">`);
    expect(page.body).toContain('<button type="submit">Dejar de recibir correos de notificación</button>');
    expect(page.body).not.toContain("<script");
    expect(englishLeftAmong(readerTexts(page.body), englishPieces("es"))).toEqual([]);
    expect(await settingOf(ana.id)).toBe(true);
  });

  it("turns Email notifications off by a one-click POST without a session, and says so; again changes nothing", async () => {
    const marie = await createUser(store, { language: "French" });
    const path = new URL(store.app.unsubscribeLinks.url(marie.id)).pathname;
    const done = await oneClick(path);
    expect(done.statusCode).toBe(200);
    expect(done.headers.location).toBeUndefined();
    expect(done.body).toContain('<html lang="fr">');
    expect(done.body).toContain("Les e-mails de notification sont désactivés");
    expect(await settingOf(marie.id)).toBe(false);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ event: "account.email_notifications_off", userId: marie.id, via: "unsubscribe_link" }),
    );
    // The page's own button (a urlencoded form) and a second click: still off, still 200.
    const again = await store.app.inject({
      method: "POST",
      url: path,
      headers: formBody,
      payload: "List-Unsubscribe=One-Click",
    });
    expect(again.statusCode).toBe(200);
    expect(await settingOf(marie.id)).toBe(false);
    const page = await store.app.inject({ url: path });
    expect(page.body).toContain(`Les e-mails de notification à ${marie.email} sont déjà désactivés.`);
    expect(page.body).not.toContain("<form");
    // The learner's settings say so too.
    const profile = await store.app.inject({
      method: "POST",
      url: "/api/get-profile",
      headers: bearer(await signIn(store, marie.id)),
    });
    expect(profile.json().data.email_notifications).toBe(false);
  });

  it("answers 404 for a link the store did not make, changing nothing, in the visitor's language", async () => {
    const ada = await createUser(store);
    const [, mac] = new URL(store.app.unsubscribeLinks.url(ada.id)).pathname.split(".");
    const other = await createUser(store);
    for (const token of [
      `${other.id}.${mac}`, // another learner's id with Ada's signature
      `${ada.id}.${"A".repeat(22)}`,
      `${ada.id}`,
      "nonsense",
      `${"9".repeat(40)}.${mac}`,
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await store.app.inject({
          method,
          url: `/unsubscribe/${token}`,
          headers: { "accept-language": "es", ...(method === "POST" ? formBody : {}) },
          ...(method === "POST" ? { payload: "List-Unsubscribe=One-Click" } : {}),
        });
        expect(res.statusCode, `${method} ${token}`).toBe(404);
        expect(res.body).toContain("Este enlace no funciona");
      }
    }
    // A learner who is gone: their link no longer works either.
    const gone = store.app.unsubscribeLinks.url(2_000_000);
    expect((await oneClick(new URL(gone).pathname)).statusCode).toBe(404);
    expect(await settingOf(ada.id)).toBe(true);
    expect(await settingOf(other.id)).toBe(true);
  });

  it("is rate limited per address, as the other public forms are", async () => {
    const learner = await createUser(store);
    const path = new URL(store.app.unsubscribeLinks.url(learner.id)).pathname;
    const [max] = RATE_LIMITS.unsubscribe.address;
    for (let i = 0; i < max; i++) expect((await oneClick(path, "203.0.113.99")).statusCode).toBe(200);
    const refused = await oneClick(path, "203.0.113.99");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain("Too many requests. Please try again later.");
    // Another address is not held up.
    expect((await oneClick(path, "203.0.113.100")).statusCode).toBe(200);
  });

  it("is described in the API documentation, and kept from crawlers", async () => {
    const doc = (await store.app.inject({ url: "/api/docs/json" })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    }>();
    const operations = doc.paths["/unsubscribe/{token}"];
    expect(Object.keys(operations ?? {}).sort()).toEqual(["get", "post"]);
    expect(operations?.post?.security).toEqual([]);
    expect(Object.keys(operations?.post?.responses ?? {})).toEqual(expect.arrayContaining(["200", "404", "429"]));
    const robots = (await store.app.inject({ url: "/robots.txt" })).body;
    expect(robots).toContain("Disallow: /unsubscribe/");
  });
});
