/** The article: HTML sanitized by the server before storing and again before sending (CONTRACT.md section 3). */
export function ArticleBody({ html, lang }: { html: string; lang?: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes article HTML before it is sent.
  return <article className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
