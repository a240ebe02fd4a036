import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { formatMailDate, formattingOf } from "@skillshelf/shared/formatting.ts";
import { DEFAULT_LANGUAGE, type LanguageCode, languageOfSetting } from "@skillshelf/shared/i18n/languages.ts";
import type { TFunction } from "@skillshelf/shared/i18n/page-translator.ts";
import { translatorOf } from "@skillshelf/shared/i18n/translator.ts";
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
  /** When a change took effect, in the mail's language. */
  when: (at: Date) => string;
}

function mailLanguage(to: Recipient): MailLanguage {
  const language = languageOfSetting(to.language) ?? DEFAULT_LANGUAGE;
  return {
    language,
    t: translatorOf(language),
    when: (at) => formatMailDate(at, formattingOf({ language: to.language ?? "", timezone: "UTC" }).locale),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function layout(
  { language, t }: MailLanguage,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  more: { label: string; url: string }[] = [],
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const links = more
    .map((l) => `<p style="margin:0 0 16px"><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`)
    .join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(t("Or open this link: {{url}}", { url: action.url }))}</p>`
    : "";
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}${links}<p style="margin:24px 0 0;font-size:13px;color:#475569">Skillshelf · ${escapeHtml(SUPPORT_EMAIL)}</p></div></body></html>`;
}

const footer = (text: string) => `${text}\n\nSkillshelf · ${SUPPORT_EMAIL}\n`;

export function passwordResetMail(to: Recipient, url: string): OutgoingMail {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t(
      "Someone asked to reset the password of your Skillshelf account. If it was you, choose a new password with the link below. It works once, within 30 minutes.",
    ),
    t("If it was not you, ignore this message: your password stays as it is."),
  ];
  return {
    kind: "password-reset",
    to: to.email,
    subject: t("Reset your Skillshelf password"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Reset your password: {{url}}", { url })}`),
    html: layout(l, t("Reset your password"), lines, { label: t("Choose a new password"), url }),
  };
}

export function welcomeMail(to: Recipient, storeUrl: string): OutgoingMail {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t("Welcome to Skillshelf. Your account is ready: sign in to keep your items, orders and settings in one place."),
    t("Every purchase comes with a 6-day money-back guarantee."),
  ];
  const url = `${storeUrl}/login`;
  return {
    kind: "welcome",
    to: to.email,
    subject: t("Welcome to Skillshelf"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Sign in: {{url}}", { url })}`),
    html: layout(l, t("Welcome to Skillshelf"), lines, { label: t("Sign in"), url }),
  };
}

/** `order.amount` and the lines' prices come formatted in the recipient's language (formatMoney with their locale). */
export function orderConfirmationMail(
  to: Recipient,
  order: { id: number; number: string; amount: string; lines: string[] },
  storeUrl: string,
): OutgoingMail {
  const l = mailLanguage(to);
  const { t } = l;
  const lines = [
    t("Hello {{name}},", { name: to.name }),
    t("Thank you for your purchase. Your order {{number}} is complete: {{amount}}.", order),
    ...order.lines.map((line) => `• ${line}`),
    t("Everything you bought is unlocked now, and you have a 6-day money-back guarantee."),
  ];
  const url = `${storeUrl}/order-details/${order.id}`;
  // Every order made since invoices has one (its number given with the order).
  const invoice = `${url}/invoice`;
  return {
    kind: "order-confirmation",
    to: to.email,
    subject: t("Your Skillshelf order {{number}}", order),
    text: footer(
      `${lines.join("\n\n")}\n\n${t("Your order: {{url}}", { url })}\n${t("Your invoice (PDF): {{url}}", { url: invoice })}`,
    ),
    html: layout(l, t("Thank you for your purchase"), lines, { label: t("View your order"), url }, [
      { label: t("Download your invoice (PDF)"), url: invoice },
    ]),
  };
}

/** Money that arrived without making an order (the content was already owned, or the attempt was replaced) went back. */
export function paymentRefundedMail(
  to: Recipient,
  payment: {
    amount: string;
    method: string;
    reason: "already_owned" | "superseded" | "price_changed";
    lines: string[];
  },
  storeUrl: string,
): OutgoingMail {
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
  return {
    kind: "payment-refunded",
    to: to.email,
    subject: t("We refunded your payment of {{amount}}", payment),
    text: footer(`${lines.join("\n\n")}\n\n${t("Your orders: {{url}}", { url })}`),
    html: layout(l, t("We refunded your payment"), lines, { label: t("See your orders"), url }),
  };
}

/** An order refunded within the money-back guarantee, by the learner's request or by an operator. */
export function orderRefundedMail(
  to: Recipient,
  /** `amount` null: nothing was paid for the order (credit and coupon covered it), so nothing goes back. */
  order: { id: number; number: string; amount: string | null; method: string; lines: string[] },
  storeUrl: string,
): OutgoingMail {
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
  return {
    kind: "order-refunded",
    to: to.email,
    subject: t("Your Skillshelf order {{number}} is refunded", order),
    text: footer(`${lines.join("\n\n")}\n\n${t("Your order: {{url}}", { url })}`),
    html: layout(l, t("Your order is refunded"), lines, { label: t("View your order"), url }),
  };
}

/**
 * The notice after a password change or a completed reset: the owner learns of
 * it even when someone else did it, and what to do then.
 */
export function passwordChangedMail(
  to: Recipient,
  change: { how: "changed" | "reset"; at: Date },
  storeUrl: string,
): OutgoingMail {
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
  const url = `${storeUrl}/forgot-password`;
  return {
    kind: "password-changed",
    to: to.email,
    subject: t("Your Skillshelf password was changed"),
    text: footer(`${lines.join("\n\n")}\n\n${t("Choose a new password: {{url}}", { url })}`),
    html: layout(l, t("Your password was changed"), lines, { label: t("Choose a new password"), url }),
  };
}

/**
 * The notice to the OLD address after the sign-in e-mail changed: if someone
 * else changed it, this is the only mail the owner still receives.
 */
export function emailChangedMail(
  to: Recipient,
  change: { newEmail: string; at: Date },
  storeUrl: string,
): OutgoingMail {
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
  return {
    kind: "email-changed",
    to: to.email,
    subject: t("Your Skillshelf sign-in e-mail was changed"),
    text: `${lines.join("\n\n")}\n\nSkillshelf: ${storeUrl} · ${SUPPORT_EMAIL}\n`,
    html: layout(l, t("Your sign-in e-mail was changed"), lines, {
      label: t("Contact support"),
      url: `mailto:${SUPPORT_EMAIL}`,
    }),
  };
}
