import { randomBytes } from "node:crypto";
import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { isLanguageCode, type LanguageCode, preferredLanguage } from "@skillshelf/shared/i18n/languages.ts";
import type { TFunction } from "@skillshelf/shared/i18n/page-translator.ts";
import { translatorOf } from "@skillshelf/shared/i18n/translator.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { COUNTRY_CODES, countryName, isCountryCode } from "@skillshelf/shared/tax.ts";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The language an emulator's page speaks, its texts and its prices in it. */
export interface EmulatorLanguage {
  language: LanguageCode;
  t: TFunction;
  /** An amount in minor units, in the language's format. */
  money: (minor: number, currency: string) => string;
}

/**
 * The cookie in which the emulators remember, on their own origin, the
 * language of the last payment a browser saw, for pages that belong to no
 * payment (an unknown session, a refused form), as a provider remembers it.
 */
const LANGUAGE_COOKIE = "emulator_lang";

const cookieOf = (request: FastifyRequest, name: string) => {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
};

/**
 * The payer's language: the one the store asked for when it started the
 * payment (Stripe's `locale`, PayPal's `experience_context.locale`, PayU's
 * `display_lang`), else the one this browser's last payment had, else
 * Accept-Language; English by default. Every label follows it, the Pay and
 * Cancel buttons CONTRACT.md names included: an English payer's say Pay and
 * Cancel, and the forms post the same fields in every language.
 */
export function emulatorLanguage(request: FastifyRequest, asked?: string | null): EmulatorLanguage {
  const chosen = languageOfLocale(asked);
  const remembered = cookieOf(request, LANGUAGE_COOKIE);
  const language =
    chosen ??
    (isLanguageCode(remembered) ? remembered : null) ??
    preferredLanguage(request.headers["accept-language"]) ??
    "en";
  const { locale } = readerFormatting(language, null);
  return {
    language,
    t: translatorOf(language),
    money: (minor, currency) => formatMoney(minor, currency, locale),
  };
}

/** "es", "es-ES", "fr_FR" or PayU's "Spanish": one of the store's languages, or null. */
export function languageOfLocale(locale: string | null | undefined): LanguageCode | null {
  if (!locale) return null;
  const named = { english: "en", spanish: "es", french: "fr" }[locale.toLowerCase()];
  const code = named ?? locale.toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(code) ? code : null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A page's content, as a provider's plugin describes it. */
export type PageContent = Omit<EmulatorPage, "styleNonce">;

export interface EmulatorPage {
  /** The provider being played, e.g. "Stripe Checkout". */
  provider: string;
  title: string;
  /** Lines of the order: name and formatted price. */
  lines: { name: string; price: string }[];
  total: string;
  /** Each action is a form POST button; the first is the primary one. */
  actions: {
    label: string;
    action: string;
    fields?: Record<string, string>;
    tone?: "primary" | "secondary";
    /** A choice posted with the button (the card's or the payer's country). */
    choice?: { name: string; label: string; value: string; options: { value: string; label: string }[] };
  }[];
  note?: string;
  /** The payer's language (emulatorLanguage): the page's own texts follow it; the caller translates the rest. */
  i18n: EmulatorLanguage;
  /** The response's CSP style nonce: with a nonce present, browsers ignore 'unsafe-inline'. */
  styleNonce?: string;
}

/**
 * A hosted payment page of an emulator: plain HTML with forms, no script, and
 * it says plainly that no money moves.
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
      const choice = a.choice
        ? `<label>${escapeHtml(a.choice.label)} <select name="${escapeHtml(a.choice.name)}">${a.choice.options
            .map(
              (o) =>
                `<option value="${escapeHtml(o.value)}"${o.value === a.choice?.value ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
            )
            .join("")}</select></label> `
        : "";
      return `<form method="post" action="${escapeHtml(a.action)}">${hidden}${choice}<button class="${a.tone ?? "secondary"}" type="submit">${escapeHtml(a.label)}</button></form>`;
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
select{font:inherit;padding:8px;border-radius:8px;border:1px solid #94a3b8;margin-right:8px}
</style></head>
<body><div class="banner" role="note">${escapeHtml(t("Payments are emulated: this is not {{provider}}, and no money moves.", { provider: page.provider }))}</div>
<main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(t("{{provider}} · test mode", { provider: page.provider }))}</p>
<table><tbody>${rows}</tbody><tfoot><tr><td>${escapeHtml(t("Total"))}</td><td class="num">${escapeHtml(page.total)}</td></tr></tfoot></table>
${page.note ? `<p>${escapeHtml(page.note)}</p>` : ""}
<div class="actions">${buttons}</div>
<p><small>${escapeHtml(t("Questions: {{email}}", { email: SUPPORT_EMAIL }))}</small></p></main></body></html>`;
}

/**
 * Sends a page under the emulators' own Content-Security-Policy: its style
 * and, when given, its one script carry this reply's nonce; forms may post
 * anywhere, since a provider's page sends the payer back to the merchant. A
 * page of a payment remembers its language for the pages that have none.
 */
export function sendPage(
  reply: FastifyReply,
  page: PageContent,
  options: { status?: number; script?: string; remember?: boolean } = {},
) {
  const nonce = randomBytes(16).toString("base64");
  let html = renderEmulatorPage({ ...page, styleNonce: nonce });
  if (options.script) html = html.replace("</body>", `<script nonce="${nonce}">${options.script}</script></body>`);
  reply.header(
    "content-security-policy",
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; base-uri 'none'; frame-ancestors 'none'`,
  );
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "same-origin");
  if (options.remember) {
    reply.header("set-cookie", `${LANGUAGE_COOKIE}=${page.i18n.language}; Path=/emulator; HttpOnly; SameSite=Lax`);
  }
  return reply
    .status(options.status ?? 200)
    .type("text/html; charset=utf-8")
    .send(html);
}

/** The country a payer chooses on a page (GB unless they say otherwise), every country named in the page's language. */
export function countryChoice(
  i18n: EmulatorLanguage,
  label: string,
): NonNullable<EmulatorPage["actions"][number]["choice"]> {
  const { locale } = readerFormatting(i18n.language, null);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) }));
  return { name: "country", label: i18n.t(label), value: "GB", options };
}

/** The country a page's form posted, when it is one. */
export const postedCountry = (fields: Record<string, string | undefined>) => {
  const code = (fields.country ?? "GB").toUpperCase();
  return isCountryCode(code) ? code : "GB";
};
