import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { LANGUAGE_COOKIE, type LanguageCode, resolveLanguage } from "@skillshelf/shared/i18n/languages.ts";
import type { TFunction } from "@skillshelf/shared/i18n/page-translator.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import type { FastifyRequest } from "fastify";
import { translatorOf } from "../lib/translators.ts";
import { viewerOf } from "../routes/viewer.ts";

/** The language an emulator's page speaks, its texts and its prices in it. */
export interface EmulatorLanguage {
  language: LanguageCode;
  t: TFunction;
  /** An amount in minor units, in the language's format. */
  money: (minor: number, currency: string) => string;
}

/**
 * The payer's language: the emulators run inside the store, so the browser
 * that started the payment brings the learner's session (their language
 * setting), or the store's `lang` cookie, or Accept-Language; English by
 * default. The texts SPEC and CONTRACT name (the Pay and Cancel buttons) stay
 * as they are.
 */
export async function emulatorLanguage(request: FastifyRequest): Promise<EmulatorLanguage> {
  const viewer = await viewerOf(request);
  const language = resolveLanguage({
    setting: viewer?.user.language,
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers["accept-language"],
  });
  const { locale } = readerFormatting(language, null);
  return {
    language,
    t: translatorOf(language),
    money: (minor, currency) => formatMoney(minor, currency, locale),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export interface EmulatorPage {
  /** The provider being played, e.g. "Stripe Checkout". */
  provider: string;
  title: string;
  /** Lines of the order: name and formatted price. */
  lines: { name: string; price: string }[];
  total: string;
  /** Each action is a form POST button; the first is the primary one. */
  actions: { label: string; action: string; fields?: Record<string, string>; tone?: "primary" | "secondary" }[];
  note?: string;
  /** The payer's language (emulatorLanguage): the page's own texts follow it; the caller translates the rest. */
  i18n: EmulatorLanguage;
  /** The response's CSP style nonce (reply.cspNonce.style): with a nonce present, browsers ignore 'unsafe-inline'. */
  styleNonce?: string;
}

/**
 * A hosted payment page of an emulator: plain HTML with forms, no script, so it
 * works under the store's CSP, and it says plainly that no money moves.
 */
export function renderEmulatorPage(page: EmulatorPage): string {
  const { language, t } = page.i18n;
  const rows = page.lines
    .map((l) => `<tr><td>${escapeHtml(l.name)}</td><td class="num">${escapeHtml(l.price)}</td></tr>`)
    .join("");
  const buttons = page.actions
    .map((a) => {
      const hidden = Object.entries(a.fields ?? {})
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join("");
      return `<form method="post" action="${escapeHtml(a.action)}">${hidden}<button class="${a.tone ?? "secondary"}" type="submit">${escapeHtml(a.label)}</button></form>`;
    })
    .join("");
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("{{title}} · {{provider}} (emulated)", { title: page.title, provider: page.provider }))}</title>
<link rel="icon" href="data:,">
<style${page.styleNonce ? ` nonce="${escapeHtml(page.styleNonce)}"` : ""}>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a;margin:0}
.banner{background:#fef3c7;color:#78350f;padding:12px 16px;text-align:center;font-weight:600;border-bottom:1px solid #f59e0b}
main{max-width:520px;margin:32px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px rgb(0 0 0/.1)}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#334155}table{width:100%;border-collapse:collapse;margin:16px 0}
td{padding:8px 0;border-bottom:1px solid #e2e8f0}.num{text-align:right;white-space:nowrap}tfoot td{font-weight:700;border:0}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #1d4ed8;cursor:pointer}
button.primary{background:#1d4ed8;color:#fff}button.secondary{background:#fff;color:#1d4ed8}
button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}small{color:#475569}
</style></head>
<body><div class="banner" role="note">${escapeHtml(t("Payments are emulated: this is not {{provider}}, and no money moves.", { provider: page.provider }))}</div>
<main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(t("{{provider}} · test mode", { provider: page.provider }))}</p>
<table><tbody>${rows}</tbody><tfoot><tr><td>${escapeHtml(t("Total"))}</td><td class="num">${escapeHtml(page.total)}</td></tr></tfoot></table>
${page.note ? `<p>${escapeHtml(page.note)}</p>` : ""}
<div class="actions">${buttons}</div>
<p><small>${escapeHtml(t("Questions: {{email}}", { email: SUPPORT_EMAIL }))}</small></p></main></body></html>`;
}
