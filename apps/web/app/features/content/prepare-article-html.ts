/**
 * Adapts the (already sanitized) article HTML to the page: the banner holds
 * the page's only h1, so article h1s become h2s; wide blocks become keyboard
 * scrollable (a <pre> takes focus, a <table> sits in a focusable, named scroll
 * region). Runs in the loader, so the server HTML already has it.
 */
export function prepareArticleHtml(html: string): string {
  return html
    .replace(/<(\/?)h1(?=[\s>])/gi, "<$1h2")
    .replace(/<pre(?=[\s>])/gi, '<pre tabindex="0"')
    .replace(/<table(?=[\s>])/gi, '<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table')
    .replace(/<\/table>/gi, "</table></div>");
}
