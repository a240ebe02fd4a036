import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingMail } from "../src/mail/outbox.ts";
import { createUser, lastMailOf } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { englishLeftAmong, englishPieces, readerTexts } from "./helpers/languages.ts";
import { everyMail, LINES } from "./helpers/mails.ts";

/** The language a mail's HTML declares (`<html lang>`). */
const htmlLanguage = (html: string) => /<html [^>]*\blang="([^"]*)"/.exec(html)?.[1];

/** What a reader reads of a mail: its subject, the lines of its text, the texts of its HTML. */
const readable = (mail: OutgoingMail) => [mail.subject, ...mail.text.split("\n"), ...readerTexts(mail.html)];

/**
 * The English sentences of a mail, cut at what is not interface text (the
 * names, addresses, links, amounts and the order's lines): none of them may
 * be left in a translation.
 */
function englishSentences(mail: OutgoingMail): string[] {
  const values = ["Ana Ruiz", "ana@example.com", "new@example.com", SUPPORT_EMAIL, "Skillshelf", "SK-0007", ...LINES];
  const cut = new RegExp(
    `https?://\\S+|mailto:\\S+|£[\\d.]+|${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")}`,
  );
  return readable(mail)
    .flatMap((text) => text.split(cut))
    .map((piece) => piece.replace(/^[\s•·:,.()]+|[\s•·:,.()]+$/g, ""))
    .filter((piece) => piece.length >= 12);
}

describe("mails in the recipient's language", () => {
  it("stay exactly as they were in English, for an English or unknown setting", async () => {
    const english = await everyMail("English");
    await expect(`${JSON.stringify(english, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/mails.en.json");
    expect(await everyMail(undefined)).toEqual(english);
    expect(await everyMail("Klingon")).toEqual(english);
  });

  for (const [language, code] of [
    ["Spanish", "es"],
    ["French", "fr"],
  ] as const) {
    it(`leave no English text in a ${language} mail, subject and body`, async () => {
      const pieces = englishPieces(code);
      const english = await everyMail("English");
      (await everyMail(language)).forEach((mail, i) => {
        const original = english[i] as OutgoingMail;
        expect(mail.kind).toBe(original.kind);
        expect(mail.to).toBe("ana@example.com");
        expect(htmlLanguage(mail.html), mail.kind).toBe(code);
        const texts = readable(mail);
        expect(englishLeftAmong(texts, pieces), mail.kind).toEqual([]);
        const left = englishSentences(original).filter((sentence) => texts.some((text) => text.includes(sentence)));
        expect(left, mail.kind).toEqual([]);
        // The names, links and order lines are still there.
        expect(mail.text).toContain("Ana Ruiz");
      });
    });
  }

  it("link the pages a signed-out reader opens to their URLs in the recipient's language", async () => {
    const linksOf = (mails: OutgoingMail[], kind: string) =>
      mails.find((mail) => mail.kind === kind)?.text.match(/https:\/\/store\.example\S*/g);
    const spanish = await everyMail("Spanish");
    expect(linksOf(spanish, "welcome")).toEqual(["https://store.example/es/login"]);
    expect(linksOf(spanish, "password-reset")).toEqual(["https://store.example/es/reset-password/tok"]);
    expect(linksOf(spanish, "password-changed")).toContain("https://store.example/es/forgot-password");
    expect(linksOf(spanish, "notification-new_article")).toContain("https://store.example/es/docker/volumes");
    // An order's page is behind sign-in: one URL, in the learner's language by their setting.
    expect(linksOf(spanish, "order-confirmation")).toContain("https://store.example/order-details/7");
    expect(linksOf(await everyMail("French"), "welcome")).toEqual(["https://store.example/fr/login"]);
  });

  it("write the amounts and dates in the recipient's language", async () => {
    const [, , spanishOrder] = await everyMail("Spanish");
    expect(spanishOrder?.subject).toBe("Tu pedido de Skillshelf SK-0007");
    expect(spanishOrder?.text).toContain("está completo: 29,98");
    const frenchChange = (await everyMail("French")).find((mail) => mail.kind === "email-changed");
    expect(frenchChange?.text).toContain("samedi 21 novembre 2026");
    const spanishChange = (await everyMail("Spanish")).find((mail) => mail.kind === "email-changed");
    expect(spanishChange?.text).toContain("sábado, 21 de noviembre de 2026");
  });
});

describe("mails' HTML", () => {
  it("is a whole document that mail clients lay out alike, saying what the text part says", async () => {
    for (const [setting, code] of [
      ["English", "en"],
      ["French", "fr"],
    ] as const) {
      for (const mail of await everyMail(setting)) {
        const document = parseDocument(mail.html);
        const find = (test: (e: { name: string; attribs: Record<string, string> }) => boolean) =>
          DomUtils.findOne(test, document.children, true);
        expect(mail.html, mail.kind).toMatch(/^<!DOCTYPE html/);
        expect(find((e) => e.name === "html")?.attribs.lang, mail.kind).toBe(code);
        expect(DomUtils.textContent(find((e) => e.name === "title") ?? []), mail.kind).toBe(mail.subject);
        expect(
          find((e) => e.name === "meta" && /charset=UTF-8/i.test(e.attribs.content ?? "")),
          mail.kind,
        ).toBeTruthy();
        expect(find((e) => e.name === "meta" && e.attribs.name === "viewport")?.attribs.content).toBe(
          "width=device-width, initial-scale=1",
        );
        // A centred column at most 600 px wide, narrower on a phone; Outlook's Word engine ignores max-width,
        // so for it alone a table 600 px wide holds the column.
        const column = find((e) => e.name === "table" && (e.attribs.style ?? "").includes("max-width:600px"));
        expect(column?.attribs.align, mail.kind).toBe("center");
        expect(column?.attribs.width, mail.kind).toBe("100%");
        expect(mail.html, mail.kind).toMatch(
          /<!--\[if mso\]><table role="presentation" align="center" width="600"[^>]*><tr><td><!\[endif\]--><table align="center" width="100%"[^>]*max-width:600px[\s\S]*<!--\[if mso\]><\/td><\/tr><\/table><!\[endif\]-->/,
        );
        // Every line of the text part but those that write out a link is in the HTML's text.
        const shown = DomUtils.textContent(find((e) => e.name === "body") ?? []).replace(/\s+/g, " ");
        const said = mail.text.split("\n").filter((line) => line.trim() && !line.includes("://"));
        expect(
          said.filter((line) => !shown.includes(line.replace(/\s+/g, " ").trim())),
          mail.kind,
        ).toEqual([]);
      }
    }
  });
});

describe("the store's mails", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store?.close());

  it("go out in the recipient's language setting: reset link and the notice after the reset", async () => {
    const french = await createUser(store, { language: "French" });
    const english = await createUser(store);
    for (const user of [french, english]) {
      const res = await store.app.inject({
        method: "POST",
        url: "/api/forgot-password",
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(200);
    }
    const reset = await lastMailOf(store, french.email);
    expect(reset?.subject).toBe("Réinitialisez votre mot de passe Skillshelf");
    expect(htmlLanguage(reset?.html ?? "")).toBe("fr");
    expect((await lastMailOf(store, english.email))?.subject).toBe("Reset your Skillshelf password");

    const token = /reset-password\/([\w-]+)/.exec(reset?.text ?? "")?.[1] ?? "";
    const done = await store.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "Nouveau@2026a", confirm_password: "Nouveau@2026a" },
    });
    expect(done.statusCode, done.body).toBe(200);
    const notice = await lastMailOf(store, french.email);
    expect(notice?.subject).toBe("Votre mot de passe Skillshelf a été modifié");
    expect(englishLeftAmong(readable(notice as OutgoingMail), englishPieces("fr"))).toEqual([]);
  });
});
