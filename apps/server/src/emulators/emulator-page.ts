import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";

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
  /** The response's CSP style nonce (reply.cspNonce.style): with a nonce present, browsers ignore 'unsafe-inline'. */
  styleNonce?: string;
}

/**
 * A hosted payment page of an emulator: plain HTML with forms, no script, so it
 * works under the store's CSP, and it says plainly that no money moves.
 */
export function renderEmulatorPage(page: EmulatorPage): string {
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(page.provider)} (emulated)</title>
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
<body><div class="banner" role="note">Payments are emulated: this is not ${escapeHtml(page.provider)}, and no money moves.</div>
<main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.provider)} · test mode</p>
<table><tbody>${rows}</tbody><tfoot><tr><td>Total</td><td class="num">${escapeHtml(page.total)}</td></tr></tfoot></table>
${page.note ? `<p>${escapeHtml(page.note)}</p>` : ""}
<div class="actions">${buttons}</div>
<p><small>Questions: ${escapeHtml(SUPPORT_EMAIL)}</small></p></main></body></html>`;
}
