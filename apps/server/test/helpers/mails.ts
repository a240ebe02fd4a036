import { formatMoney } from "@skillshelf/shared/money.ts";
import type { OutgoingMail } from "../../src/mail/outbox.ts";
import {
  accountDeletionMail,
  emailChangedMail,
  notificationMail,
  orderConfirmationMail,
  orderRefundedMail,
  passwordChangedMail,
  passwordResetMail,
  paymentRefundedMail,
  secondStepMail,
  welcomeMail,
} from "../../src/mail/templates.ts";

const STORE = "https://store.example";
const AT = new Date("2026-11-21T10:05:00Z");
/** The order's lines every order mail lists. */
export const LINES = ["Docker: Images: £9.99", "Git: £19.99"];

/**
 * Every mail the store sends, to a learner whose language setting is
 * `language` (undefined: not known): what mail-languages.test.ts checks and
 * bench/mail.ts times.
 */
export function everyMail(language: string | undefined): Promise<OutgoingMail[]> {
  const to = { name: "Ana Ruiz", email: "ana@example.com", language };
  const amount = formatMoney(2998, "GBP", language === "Spanish" ? "es-ES" : language === "French" ? "fr-FR" : "en-GB");
  return Promise.all([
    welcomeMail(to, STORE),
    passwordResetMail(to, STORE, "tok"),
    orderConfirmationMail(to, { id: 7, number: "SK-0007", amount, lines: LINES }, STORE),
    ...(["already_owned", "superseded", "price_changed"] as const).map((reason) =>
      paymentRefundedMail(to, { amount, method: "PayPal", reason, lines: LINES }, STORE),
    ),
    orderRefundedMail(to, { id: 7, number: "SK-0007", amount, method: "Stripe", lines: LINES }, STORE),
    passwordChangedMail(to, { how: "reset", at: AT }, STORE),
    passwordChangedMail(to, { how: "changed", at: AT }, STORE),
    emailChangedMail(to, { newEmail: "new@example.com", at: AT }, STORE),
    accountDeletionMail(to, `${STORE}/delete-account/tok`),
    ...(["app_added", "app_removed", "reset"] as const).map((what) => secondStepMail(to, { what, at: AT }, STORE)),
    secondStepMail(to, { what: "passkey_added", name: "Laptop", at: AT }, STORE),
    secondStepMail(to, { what: "passkey_removed", name: "Laptop", at: AT }, STORE),
    secondStepMail(to, { what: "recovery_code_used", left: 9, at: AT }, STORE),
    notificationMail(
      to,
      { params: { kind: "new_article", title: "Volumes", artefact: "Docker" }, link: "/docker/volumes" },
      { storeUrl: STORE, unsubscribeUrl: `${STORE}/unsubscribe/7.tok` },
    ),
  ]);
}
