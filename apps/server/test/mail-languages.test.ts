import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingMail } from "../src/mail/outbox.ts";
import {
  emailChangedMail,
  orderConfirmationMail,
  orderRefundedMail,
  passwordChangedMail,
  passwordResetMail,
  paymentRefundedMail,
  welcomeMail,
} from "../src/mail/templates.ts";
import { createUser, lastMailOf } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { englishLeftAmong, englishPieces, readerTexts } from "./helpers/languages.ts";

const STORE = "https://store.example";
const AT = new Date("2026-11-21T10:05:00Z");
const LINES = ["Docker: Images: £9.99", "Git: £19.99"];

/** Every mail the store sends, to a learner whose language setting is `language` (undefined: not known). */
function everyMail(language: string | undefined): OutgoingMail[] {
  const to = { name: "Ana Ruiz", email: "ana@example.com", language };
  const amount = formatMoney(2998, "GBP", language === "Spanish" ? "es-ES" : language === "French" ? "fr-FR" : "en-GB");
  return [
    welcomeMail(to, STORE),
    passwordResetMail(to, `${STORE}/reset-password/tok`),
    orderConfirmationMail(to, { id: 7, number: "SK-0007", amount, lines: LINES }, STORE),
    ...(["already_owned", "superseded", "price_changed"] as const).map((reason) =>
      paymentRefundedMail(to, { amount, method: "PayPal", reason, lines: LINES }, STORE),
    ),
    orderRefundedMail(to, { id: 7, number: "SK-0007", amount, method: "Stripe", lines: LINES }, STORE),
    passwordChangedMail(to, { how: "reset", at: AT }, STORE),
    passwordChangedMail(to, { how: "changed", at: AT }, STORE),
    emailChangedMail(to, { newEmail: "new@example.com", at: AT }, STORE),
  ];
}

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
    const english = everyMail("English");
    await expect(`${JSON.stringify(english, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/mails.en.json");
    expect(everyMail(undefined)).toEqual(english);
    expect(everyMail("Klingon")).toEqual(english);
  });

  for (const [language, code] of [
    ["Spanish", "es"],
    ["French", "fr"],
  ] as const) {
    it(`leave no English text in a ${language} mail, subject and body`, () => {
      const pieces = englishPieces(code);
      const english = everyMail("English");
      everyMail(language).forEach((mail, i) => {
        const original = english[i] as OutgoingMail;
        expect(mail.kind).toBe(original.kind);
        expect(mail.to).toBe("ana@example.com");
        expect(mail.html, mail.kind).toContain(`<html lang="${code}">`);
        const texts = readable(mail);
        expect(englishLeftAmong(texts, pieces), mail.kind).toEqual([]);
        const left = englishSentences(original).filter((sentence) => texts.some((text) => text.includes(sentence)));
        expect(left, mail.kind).toEqual([]);
        // The names, links and order lines are still there.
        expect(mail.text).toContain("Ana Ruiz");
      });
    });
  }

  it("write the amounts and dates in the recipient's language", () => {
    const [, , spanishOrder] = everyMail("Spanish");
    expect(spanishOrder?.subject).toBe("Tu pedido de Skillshelf SK-0007");
    expect(spanishOrder?.text).toContain("está completo: 29,98");
    const frenchChange = everyMail("French").at(-1);
    expect(frenchChange?.text).toContain("samedi 21 novembre 2026");
    expect(everyMail("Spanish").at(-1)?.text).toContain("sábado, 21 de noviembre de 2026");
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
    expect(reset?.html).toContain('<html lang="fr">');
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
