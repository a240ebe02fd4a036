import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import type { OutgoingMail } from "./outbox.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function layout(
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
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this link: ${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}${links}<p style="margin:24px 0 0;font-size:13px;color:#475569">Skillshelf · ${escapeHtml(SUPPORT_EMAIL)}</p></div></body></html>`;
}

export function passwordResetMail(to: { name: string; email: string }, url: string): OutgoingMail {
  const lines = [
    `Hello ${to.name},`,
    "Someone asked to reset the password of your Skillshelf account. If it was you, choose a new password with the link below. It works once, within 30 minutes.",
    "If it was not you, ignore this message: your password stays as it is.",
  ];
  return {
    kind: "password-reset",
    to: to.email,
    subject: "Reset your Skillshelf password",
    text: `${lines.join("\n\n")}\n\nReset your password: ${url}\n\nSkillshelf · ${SUPPORT_EMAIL}\n`,
    html: layout("Reset your password", lines, { label: "Choose a new password", url }),
  };
}

export function welcomeMail(to: { name: string; email: string }, storeUrl: string): OutgoingMail {
  const lines = [
    `Hello ${to.name},`,
    "Welcome to Skillshelf. Your account is ready: sign in to keep your items, orders and settings in one place.",
    "Every purchase comes with a 6-day money-back guarantee.",
  ];
  return {
    kind: "welcome",
    to: to.email,
    subject: "Welcome to Skillshelf",
    text: `${lines.join("\n\n")}\n\nSign in: ${storeUrl}/login\n\nSkillshelf · ${SUPPORT_EMAIL}\n`,
    html: layout("Welcome to Skillshelf", lines, { label: "Sign in", url: `${storeUrl}/login` }),
  };
}

export function orderConfirmationMail(
  to: { name: string; email: string },
  order: { id: number; number: string; amount: string; lines: string[] },
  storeUrl: string,
): OutgoingMail {
  const lines = [
    `Hello ${to.name},`,
    `Thank you for your purchase. Your order ${order.number} is complete: ${order.amount}.`,
    ...order.lines.map((line) => `• ${line}`),
    "Everything you bought is unlocked now, and you have a 6-day money-back guarantee.",
  ];
  const url = `${storeUrl}/order-details/${order.id}`;
  const receipt = `${url}/receipt`;
  return {
    kind: "order-confirmation",
    to: to.email,
    subject: `Your Skillshelf order ${order.number}`,
    text: `${lines.join("\n\n")}\n\nYour order: ${url}\nYour receipt (PDF): ${receipt}\n\nSkillshelf · ${SUPPORT_EMAIL}\n`,
    html: layout("Thank you for your purchase", lines, { label: "View your order", url }, [
      { label: "Download your receipt (PDF)", url: receipt },
    ]),
  };
}

/** Money that arrived without making an order (the content was already owned, or the attempt was replaced) went back. */
export function paymentRefundedMail(
  to: { name: string; email: string },
  payment: {
    amount: string;
    method: string;
    reason: "already_owned" | "superseded" | "price_changed";
    lines: string[];
  },
  storeUrl: string,
): OutgoingMail {
  const why = {
    already_owned: "You already own what this payment was for, so no second order was made and we refunded it in full.",
    superseded:
      "You started a newer checkout before this payment went through, so this one made no order and we refunded it in full.",
    price_changed:
      "The coupon code or the credit this payment was priced with was no longer available when it went through (another order took the code's last use, or the credit's order was refunded), so no order was made and we refunded it in full. Your cart is as it was: check out again at today's price.",
  }[payment.reason];
  const lines = [
    `Hello ${to.name},`,
    `We received a ${payment.method} payment of ${payment.amount} from you for:`,
    ...payment.lines.map((line) => `• ${line}`),
    why,
    "The refund is on its way back to you; depending on your bank it can take a few days to show. Nothing else changes: what you own stays unlocked.",
  ];
  return {
    kind: "payment-refunded",
    to: to.email,
    subject: `We refunded your payment of ${payment.amount}`,
    text: `${lines.join("\n\n")}\n\nYour orders: ${storeUrl}/my-orders\n\nSkillshelf · ${SUPPORT_EMAIL}\n`,
    html: layout("We refunded your payment", lines, { label: "See your orders", url: `${storeUrl}/my-orders` }),
  };
}

/** An order refunded within the money-back guarantee, by the learner's request or by an operator. */
export function orderRefundedMail(
  to: { name: string; email: string },
  order: { id: number; number: string; amount: string; method: string; lines: string[] },
  storeUrl: string,
): OutgoingMail {
  const lines = [
    `Hello ${to.name},`,
    `Your order ${order.number} is refunded: ${order.amount} goes back the way you paid (${order.method}).`,
    ...order.lines.map((line) => `• ${line}`),
    "What this order unlocked is locked again. Depending on your bank, the money can take a few days to show.",
  ];
  const url = `${storeUrl}/order-details/${order.id}`;
  return {
    kind: "order-refunded",
    to: to.email,
    subject: `Your Skillshelf order ${order.number} is refunded`,
    text: `${lines.join("\n\n")}\n\nYour order: ${url}\n\nSkillshelf · ${SUPPORT_EMAIL}\n`,
    html: layout("Your order is refunded", lines, { label: "View your order", url }),
  };
}

/** When a change took effect, as a mail states it (UTC: the store does not know the reader's zone). */
const when = (at: Date) => at.toUTCString().replace("GMT", "UTC");

/**
 * The notice after a password change or a completed reset: the owner learns of
 * it even when someone else did it, and what to do then.
 */
export function passwordChangedMail(
  to: { name: string; email: string },
  change: { how: "changed" | "reset"; at: Date },
  storeUrl: string,
): OutgoingMail {
  const how =
    change.how === "reset"
      ? "was reset with a one-time reset link. Every session was signed out."
      : "was changed from the account's Password tab. Your other sessions were signed out.";
  const lines = [
    `Hello ${to.name},`,
    `On ${when(change.at)}, the password of your Skillshelf account ${how}`,
    "If it was you, there is nothing more to do.",
    `If it was not you, someone else may know your password: choose a new one now with the link below, and contact support at ${SUPPORT_EMAIL} so that we can check your account.`,
  ];
  const url = `${storeUrl}/forgot-password`;
  return {
    kind: "password-changed",
    to: to.email,
    subject: "Your Skillshelf password was changed",
    text: `${lines.join("\n\n")}\n\nChoose a new password: ${url}\n\nSkillshelf · ${SUPPORT_EMAIL}\n`,
    html: layout("Your password was changed", lines, { label: "Choose a new password", url }),
  };
}

/**
 * The notice to the OLD address after the sign-in e-mail changed: if someone
 * else changed it, this is the only mail the owner still receives.
 */
export function emailChangedMail(
  to: { name: string; email: string },
  change: { newEmail: string; at: Date },
  storeUrl: string,
): OutgoingMail {
  const lines = [
    `Hello ${to.name},`,
    `On ${when(change.at)}, the sign-in e-mail of your Skillshelf account was changed from ${to.email} to ${change.newEmail}. Sign-in and messages about the account now use the new address.`,
    "If it was you, there is nothing more to do.",
    `If it was not you, contact support at ${SUPPORT_EMAIL} straight away and reply from this address: we will check the change and give the account back to you.`,
  ];
  return {
    kind: "email-changed",
    to: to.email,
    subject: "Your Skillshelf sign-in e-mail was changed",
    text: `${lines.join("\n\n")}\n\nSkillshelf: ${storeUrl} · ${SUPPORT_EMAIL}\n`,
    html: layout("Your sign-in e-mail was changed", lines, {
      label: "Contact support",
      url: `mailto:${SUPPORT_EMAIL}`,
    }),
  };
}
