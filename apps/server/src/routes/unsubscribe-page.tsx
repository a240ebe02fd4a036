// @jsxRuntime automatic
// @jsxImportSource react
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { renderToStaticMarkup } from "react-dom/server";

/** What the unsubscribe page says, every text in its reader's language. */
export interface UnsubscribePage {
  language: LanguageCode;
  title: string;
  paragraphs: string[];
  /** The button that turns the mails off: a plain form post to the page's own address. */
  form?: { action: string; label: string };
  link?: { label: string; url: string };
  /** The response's CSP nonce for styles. */
  styleNonce: string;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:24px 12px}
main{max-width:560px;margin:40px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgb(0 0 0/.1)}
.brand{font-weight:700;color:#1d4ed8;margin:0 0 24px}h1{font-size:1.5rem;margin:0 0 16px}p{line-height:1.5}
button{font:inherit;padding:12px 20px;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #0f172a;outline-offset:2px}a{color:#1d4ed8}
`;

/**
 * The small page of an unsubscribe link: plain HTML with a form and no
 * script, so its button works without JavaScript. Opening it changes nothing:
 * mail scanners follow links, so only its button's POST (or a mail client's
 * one-click POST, RFC 8058) turns the mails off.
 */
export function unsubscribePageHtml(page: UnsubscribePage): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang={page.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${page.title} · Skillshelf`}</title>
        {/* A constant of this file: React would escape its quotes, which a style element does not read. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above. */}
        <style nonce={page.styleNonce} dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <p className="brand">Skillshelf</p>
          <h1>{page.title}</h1>
          {page.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {page.form ? (
            <form method="post" action={page.form.action}>
              {/* What a mail client's one-click POST sends (RFC 8058); the link's token is what counts. */}
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit">{page.form.label}</button>
            </form>
          ) : null}
          {page.link ? (
            <p>
              <a href={page.link.url}>{page.link.label}</a>
            </p>
          ) : null}
        </main>
      </body>
    </html>,
  )}`;
}
