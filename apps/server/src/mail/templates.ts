import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { formatMailDate, formattingOf } from "@skillshelf/shared/formatting.ts";
import {
  DEFAULT_LANGUAGE,
  type LanguageCode,
  languageOfSetting,
  languagePath,
} from "@skillshelf/shared/i18n/languages.ts";
import type { TFunction } from "@skillshelf/shared/i18n/page-translator.ts";
import { translatorOf } from "@skillshelf/shared/i18n/translator.ts";
import {
  type NotificationKind,
  type NotificationParams,
  notificationWords,
} from "@skillshelf/shared/notification-texts.ts";
import { type MailLink, mailHtml } from "./mail-html.tsx";
import type { OutgoingMail } from "./outbox.ts";

/** Who a mail goes to: their language setting ("Spanish") picks the mail's language; English when unknown. */
export interface Recipient {
  name: string;
  email: string;
  language?: string | null | undefined;
}

interface MailLanguage {
  language: LanguageCode;
  t: TFunction;
  /** The locale of the language's prices. */
  locale: string;
  /** When a change took effect, in the mail's language. */
  when: (at: Date) => string;
}

function mailLanguage(to: Recipient): MailLanguage {
  const language = languageOfSetting(to.language) ?? DEFAULT_LANGUAGE;
  const { locale } = formattingOf({ language: to.language ?? "", timezone: "UTC" });
  return { language, t: translatorOf(language), locale, when: (at) => formatMailDate(at, locale) };
}

/** A mail's words in its language: its plain-text part as sent, and what its HTML shows. */
interface MailWords {
  kind: string;
  subject: string;
  text: string;
  heading: string;
  paragraphs: string[];
  /** The one button; its address is written out below it too. */
  action?: MailLink;
  links?: MailLink[];
  notes?: (string | MailLink)[];
  headers?: Record<string, string>;
}

/** The mail to send: the text part as written, the HTML built from the same words (mail-html.tsx). */
async function compose(to: Recipient, { language, t }: MailLanguage, words: MailWords): Promise<OutgoingMail> {
  const { kind, subject, text, heading, paragraphs, action, links = [], notes = [], headers } = words;
  const html = await mailHtml({
    language,
    subject,
    heading,
    paragraphs,
    ...(action ? { action: { ...action, fallback: t("Or open this link: {{url}}", { url: action.url }) } } : {}),
    links,
    notes,
  });
  return { kind, to: to.email, subject, text, html, ...(headers ? { headers } : {}) };
}

/**
 * A page a signed-out reader opens from the mail (sign in, forgot or reset the password, an article): its URL in
 * the mail's language, since a signed-out visitor's page is in the language of its URL. Pages behind sign-in
 * follow the learner's setting and keep their one URL.
 */
const guestPageUrl = (storeUrl: string, l: MailLanguage, path: string) =>
  `${storeUrl}${languagePath(l.language, path)}`;

const footer = (text: string) => `${text}\n\nSkillshelf · ${SUPPORT_EMAIL}\n`;

/** A reset link to the learner's reset page in their language (/es/reset-password/TOKEN): it works signed out. */
export async function passwordResetMail(to: Recipient, storeUrl: string, token: string): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const url = guestPageUrl(storeUrl, l, `/reset-password/${token}`);
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t(
      "Someone asked to reset the password of your Skillshelf account. If it was you, choose a new password with the link below. It works once, within 30 minutes.",
    ),
    t("If it was not you, ignore this message: your password stays as it is."),
  ];
  return compose(to, l, {
    kind: "password-reset",
    subject: t("Reset your Skillshelf password"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Reset your password: {{url}}", { url })}`),
    heading: t("Reset your password"),
    paragraphs: lines,
    action: { label: t("Choose a new password"), url },
  });
}

export async function welcomeMail(to: Recipient, storeUrl: string): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t("Welcome to Skillshelf. Your account is ready: sign in to keep your items, orders and settings in one place."),
    t("Every purchase comes with a 6-day money-back guarantee."),
  ];
  const url = guestPageUrl(storeUrl, l, "/login");
  return compose(to, l, {
    kind: "welcome",
    subject: t("Welcome to Skillshelf"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Sign in: {{url}}", { url })}`),
    heading: t("Welcome to Skillshelf"),
    paragraphs: lines,
    action: { label: t("Sign in"), url },
  });
}

/** `order.amount` and the lines' prices come formatted in the recipient's language (formatMoney with their locale). */
export async function orderConfirmationMail(
  to: Recipient,
  /** `seats`: the order bought seats for a team, which unlock nothing for the buyer until they claim one. */
  order: { id: number; number: string; amount: string; lines: string[]; seats?: boolean },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t("Thank you for your purchase. Your order {{number}} is complete: {{amount}}.", order),
    ...order.lines.map((line) => `• ${line}`),
    order.seats
      ? t("Your team's seats are ready: invite your team from My teams. You claim a seat like anyone else.")
      : t("Everything you bought is unlocked now, and you have a 6-day money-back guarantee."),
  ];
  const url = `${storeUrl}/order-details/${order.id}`;
  // Every order made since invoices has one (its number given with the order).
  const invoice = `${url}/invoice`;
  return compose(to, l, {
    kind: "order-confirmation",
    subject: t("Your Skillshelf order {{number}}", order),
    text: footer(
      `${lines.join("\n\n")}\n\n${t("Your order: {{url}}", { url })}\n${t("Your invoice (PDF): {{url}}", { url: invoice })}`,
    ),
    heading: t("Thank you for your purchase"),
    paragraphs: lines,
    action: { label: t("View your order"), url },
    links: [{ label: t("Download your invoice (PDF)"), url: invoice }],
  });
}

/** Money that arrived without making an order (the content was already owned, or the attempt was replaced) went back. */
export async function paymentRefundedMail(
  to: Recipient,
  payment: {
    amount: string;
    method: string;
    reason: "already_owned" | "superseded" | "price_changed";
    lines: string[];
  },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const why = {
    already_owned: t(
      "You already own what this payment was for, so no second order was made and we refunded it in full.",
    ),
    superseded: t(
      "You started a newer checkout before this payment went through, so this one made no order and we refunded it in full.",
    ),
    price_changed: t(
      "The coupon code or the credit this payment was priced with was no longer available when it went through (another order took the code's last use, or the credit's order was refunded), so no order was made and we refunded it in full. Your cart is as it was: check out again at today's price.",
    ),
  }[payment.reason];
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t("We received a {{method}} payment of {{amount}} from you for:", payment),
    ...payment.lines.map((line) => `• ${line}`),
    why,
    t(
      "The refund is on its way back to you; depending on your bank it can take a few days to show. Nothing else changes: what you own stays unlocked.",
    ),
  ];
  const url = `${storeUrl}/my-orders`;
  return compose(to, l, {
    kind: "payment-refunded",
    subject: t("We refunded your payment of {{amount}}", payment),
    text: footer(`${lines.join("\n\n")}\n\n${t("Your orders: {{url}}", { url })}`),
    heading: t("We refunded your payment"),
    paragraphs: lines,
    action: { label: t("See your orders"), url },
  });
}

/** An order refunded within the money-back guarantee, by the learner's request or by an operator. */
export async function orderRefundedMail(
  to: Recipient,
  /** `amount` null: nothing was paid for the order (credit and coupon covered it), so nothing goes back. */
  order: { id: number; number: string; amount: string | null; method: string; lines: string[] },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    order.amount === null
      ? t("Your order {{number}} is refunded: nothing was paid for it ({{method}}), so nothing goes back.", order)
      : t("Your order {{number}} is refunded: {{amount}} goes back the way you paid ({{method}}).", order),
    ...order.lines.map((line) => `• ${line}`),
    order.amount === null
      ? t("What this order unlocked is locked again.")
      : t("What this order unlocked is locked again. Depending on your bank, the money can take a few days to show."),
  ];
  const url = `${storeUrl}/order-details/${order.id}`;
  return compose(to, l, {
    kind: "order-refunded",
    subject: t("Your Skillshelf order {{number}} is refunded", order),
    text: footer(`${lines.join("\n\n")}\n\n${t("Your order: {{url}}", { url })}`),
    heading: t("Your order is refunded"),
    paragraphs: lines,
    action: { label: t("View your order"), url },
  });
}

/**
 * The notice after a password change or a completed reset: the owner learns of
 * it even when someone else did it, and what to do then.
 */
export async function passwordChangedMail(
  to: Recipient,
  change: { how: "changed" | "reset"; at: Date },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const date = l.when(change.at);
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    change.how === "reset"
      ? t(
          "On {{date}}, the password of your Skillshelf account was reset with a one-time reset link. Every session was signed out.",
          { date },
        )
      : t(
          "On {{date}}, the password of your Skillshelf account was changed from the account's Password tab. Your other sessions were signed out.",
          { date },
        ),
    t("If it was you, there is nothing more to do."),
    t(
      "If it was not you, someone else may know your password: choose a new one now with the link below, and contact support at {{email}} so that we can check your account.",
      { email: SUPPORT_EMAIL },
    ),
  ];
  const url = guestPageUrl(storeUrl, l, "/forgot-password");
  return compose(to, l, {
    kind: "password-changed",
    subject: t("Your Skillshelf password was changed"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Choose a new password: {{url}}", { url })}`),
    heading: t("Your password was changed"),
    paragraphs: lines,
    action: { label: t("Choose a new password"), url },
  });
}

/**
 * The notice to the OLD address after the sign-in e-mail changed: if someone
 * else changed it, this is the only mail the owner still receives.
 */
export async function emailChangedMail(
  to: Recipient,
  change: { newEmail: string; at: Date },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t(
      "On {{date}}, the sign-in e-mail of your Skillshelf account was changed from {{oldEmail}} to {{newEmail}}. Sign-in and messages about the account now use the new address.",
      { date: l.when(change.at), oldEmail: to.email, newEmail: change.newEmail },
    ),
    t("If it was you, there is nothing more to do."),
    t(
      "If it was not you, contact support at {{email}} straight away and reply from this address: we will check the change and give the account back to you.",
      { email: SUPPORT_EMAIL },
    ),
  ];
  return compose(to, l, {
    kind: "email-changed",
    subject: t("Your Skillshelf sign-in e-mail was changed"),
    text: `${lines.join("\n\n")}\n\nSkillshelf: ${storeUrl} · ${SUPPORT_EMAIL}\n`,
    heading: t("Your sign-in e-mail was changed"),
    paragraphs: lines,
    action: {
      label: t("Contact support"),
      url: `mailto:${SUPPORT_EMAIL}`,
    },
  });
}

/** A change to an account's second step, as its mail tells it. */
export type SecondStepChange =
  | { what: "app_added" | "app_removed" | "reset" }
  | { what: "passkey_added" | "passkey_removed"; name: string }
  | { what: "recovery_code_used"; left: number };

const SECOND_STEP_SUBJECTS: Record<SecondStepChange["what"], string> = {
  app_added: "An authenticator app now protects your Skillshelf account",
  app_removed: "The authenticator app was removed from your Skillshelf account",
  reset: "The second step of your Skillshelf account was reset",
  passkey_added: "A passkey was added to your Skillshelf account",
  passkey_removed: "A passkey was removed from your Skillshelf account",
  recovery_code_used: "A recovery code was used to sign in to your Skillshelf account",
};

/**
 * The notice of a change to how an account signs in (its authenticator app,
 * a passkey, a recovery code used, a reset by the store): the owner learns of
 * it even when someone else did it, and what to do then.
 */
export async function secondStepMail(
  to: Recipient,
  change: SecondStepChange & { at: Date },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const date = l.when(change.at);
  const what = (() => {
    switch (change.what) {
      case "app_added":
        return t(
          "On {{date}}, an authenticator app was set up for your Skillshelf account: signing in with the password now also asks for one of its codes.",
          { date },
        );
      case "app_removed":
        return t(
          "On {{date}}, the authenticator app and its recovery codes were removed from your Skillshelf account.",
          {
            date,
          },
        );
      case "reset":
        return t(
          "On {{date}}, the store removed the authenticator app, recovery codes and passkeys of your Skillshelf account at your request, and signed every session out.",
          { date },
        );
      case "passkey_added":
        return t("On {{date}}, the passkey “{{passkey}}” was added to your Skillshelf account.", {
          date,
          passkey: change.name,
        });
      case "passkey_removed":
        return t("On {{date}}, the passkey “{{passkey}}” was removed from your Skillshelf account.", {
          date,
          passkey: change.name,
        });
      case "recovery_code_used":
        return t(
          "On {{date}}, one of the recovery codes of your Skillshelf account was used to sign in. Recovery codes left: {{count}}.",
          { date, count: change.left },
        );
    }
  })();
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    what,
    t("If it was you, there is nothing more to do."),
    t(
      "If it was not you, someone else may be signing in as you: choose a new password now with the link below, and contact support at {{email}} so that we can check your account.",
      { email: SUPPORT_EMAIL },
    ),
  ];
  const url = `${storeUrl}/forgot-password`;
  return compose(to, l, {
    kind: `second-step-${change.what.replaceAll("_", "-")}`,
    subject: t(SECOND_STEP_SUBJECTS[change.what]),
    text: footer(`${lines.join("\n\n")}\n\n${t("Choose a new password: {{url}}", { url })}`),
    heading: t(SECOND_STEP_SUBJECTS[change.what]),
    paragraphs: lines,
    action: { label: t("Choose a new password"), url },
  });
}

/** What a notification mail's button says and where its text part sends the reader, for each kind. */
const NOTIFICATION_ACTIONS: Record<NotificationKind, { label: string; line: string; public?: true }> = {
  new_article: { label: "Read the article", line: "Read the article: {{url}}", public: true },
  order_completed: { label: "View your order", line: "Your order: {{url}}" },
  order_refunded: { label: "View your order", line: "Your order: {{url}}" },
};

/**
 * An in-app notification as a mail, for a learner whose e-mail notifications
 * are on: its title and text in their language (the notifications page's
 * words), a link to what it is about, and a way out in one click: the
 * List-Unsubscribe headers (RFC 2369, RFC 8058) and the same link in the footer.
 */
export async function notificationMail(
  to: Recipient,
  notification: { params: NotificationParams; link: string },
  links: { storeUrl: string; unsubscribeUrl: string },
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const action = NOTIFICATION_ACTIONS[notification.params.kind];
  const { title, text } = notificationWords(notification.params, t, l.locale, l.language);
  // A new article is a public page, with a URL in each language; an order's page follows the learner's setting.
  const url = action.public
    ? guestPageUrl(links.storeUrl, l, notification.link)
    : `${links.storeUrl}${notification.link}`;
  const settings = `${links.storeUrl}/settings`;
  const lines = [t("Hello {{name}},", { name: to.name }), text];
  const why = t("You get this mail because e-mail notifications are on in your Skillshelf settings.");
  return compose(to, l, {
    kind: `notification-${notification.params.kind}`,
    subject: title,
    text: footer(
      `${lines.join("\n\n")}\n\n${t(action.line, { url })}\n\n${why}\n${t("Stop these mails: {{url}}", { url: links.unsubscribeUrl })}\n${t("Change your settings: {{url}}", { url: settings })}`,
    ),
    heading: title,
    paragraphs: lines,
    action: { label: t(action.label), url },
    notes: [
      why,
      { label: t("Stop these mails"), url: links.unsubscribeUrl },
      { label: t("Change your settings"), url: settings },
    ],
    headers: {
      "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/** "Delete my account": the one-time link that deletes the account once followed and confirmed. */
export async function accountDeletionMail(to: Recipient, url: string): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t(
      "Someone signed in to your Skillshelf account asked to delete it. If it was you, follow the link below and confirm. It works once, within an hour.",
    ),
    t(
      "Deleting erases your name, e-mail address, profile, reading progress and notifications. Your orders, invoices and credit notes are kept, without your name, for as long as the tax rules require.",
    ),
    t("If it was not you, ignore this message and change your password: your account stays as it is."),
  ];
  return compose(to, l, {
    kind: "account-deletion",
    subject: t("Confirm the deletion of your Skillshelf account"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Delete your account: {{url}}", { url })}`),
    heading: t("Delete your account"),
    paragraphs: lines,
    action: { label: t("Confirm the deletion"), url },
  });
}

/** An invitation to claim a seat of a team purchase: its link works for the invitee once, signed in or after registering. */
export async function teamInvitationMail(
  to: Recipient,
  invitation: { manager: string; item: string; url: string },
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello,"),
    t("{{manager}} has bought seats of {{item}} on Skillshelf for the team, and invites you to take one.", invitation),
    t(
      "Open the link, sign in or create your account, and claim your seat: {{item}} is then in your My Items.",
      invitation,
    ),
  ];
  return compose(to, l, {
    kind: "team-invitation",
    subject: t("A seat of {{item}} on Skillshelf is waiting for you", invitation),
    text: footer(`${lines.join("\n\n")}\n\n${t("Claim your seat: {{url}}", { url: invitation.url })}`),
    heading: t("A seat is waiting for you"),
    paragraphs: lines,
    action: { label: t("Claim your seat"), url: invitation.url },
  });
}

/** A seat holder's access ended: the manager released the seat, or the team's order was refunded. */
export async function seatEndedMail(
  to: Recipient,
  seat: { item: string; reason: "released" | "refunded" },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    seat.reason === "released"
      ? t("Your team's seat manager released your seat of {{item}}: it is no longer in your My Items.", seat)
      : t("The team order that gave you your seat of {{item}} was refunded: it is no longer in your My Items.", seat),
    t("Your reading progress is kept: it comes back if you get {{item}} again.", seat),
  ];
  const url = `${storeUrl}/my-items`;
  return compose(to, l, {
    kind: "team-seat-ended",
    subject: t("Your seat of {{item}} has ended", seat),
    text: footer(`${lines.join("\n\n")}\n\n${t("Your items: {{url}}", { url })}`),
    heading: t("Your seat has ended"),
    paragraphs: lines,
    action: { label: t("Open My Items"), url },
  });
}

/**
 * The buyer's refund of a team order's unclaimed seats: what goes back, for which seats, and that the
 * seats their team claimed keep their access; the credit note is on the order's page.
 */
export async function seatsRefundedMail(
  to: Recipient,
  refund: { id: number; number: string; amount: string; method: string; seats: number; lines: string[] },
  storeUrl: string,
): Promise<OutgoingMail> {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t(
      "{{seats}} unclaimed seats of your order {{number}} are refunded: {{amount}} goes back the way you paid ({{method}}).",
      refund,
    ),
    ...refund.lines.map((line) => `• ${line}`),
    t(
      "The seats your team has claimed keep their access. Depending on your bank, the money can take a few days to show.",
    ),
  ];
  const url = `${storeUrl}/order-details/${refund.id}`;
  return compose(to, l, {
    kind: "team-seats-refunded",
    subject: t("Unclaimed seats of your Skillshelf order {{number}} are refunded", refund),
    text: footer(`${lines.join("\n\n")}\n\n${t("Your order: {{url}}", { url })}`),
    heading: t("Your unclaimed seats are refunded"),
    paragraphs: lines,
    action: { label: t("View your order"), url },
  });
}
