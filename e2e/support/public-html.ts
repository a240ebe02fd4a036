/**
 * Just enough HTML reading to check what the server sends before any script
 * runs: the head's metadata and the visible text of the body.
 */

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

export interface HeadMeta {
  title: string | undefined;
  /** `name=` and `property=` metas, keyed by that name, e.g. "description", "og:url". */
  meta: Record<string, string>;
  /** How many times each meta name occurs: a page must not say two things. */
  counts: Record<string, number>;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

export function readHead(html: string): HeadMeta {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? "";
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)];
  const meta: Record<string, string> = {};
  const counts: Record<string, number> = { title: titles.length };
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const key = attribute(tag, "name") ?? attribute(tag, "property");
    const content = attribute(tag, "content");
    if (!key || content === undefined) continue;
    meta[key] = content;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const title = titles[0]?.[1];
  return { title: title === undefined ? undefined : decodeEntities(title), meta, counts };
}

/** The body's text as the server sent it, without scripts (whose data a search engine does not read as text). */
export function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** Every `href` of an anchor in the body, decoded. */
export function anchorHrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*>/gi)].map(([tag]) => attribute(tag, "href") ?? "");
}
