import type { TranslatedLanguage, Translations } from "@skillshelf/shared/catalogue-translations.ts";
import sanitizeHtml from "sanitize-html";

/**
 * Article bodies are sanitized before they are stored and again before they are
 * sent: formatting, links, tables, code and images survive; scripts, event
 * handlers, styles and javascript: URLs do not.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "kbd",
    "samp",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "mark",
    "small",
    "sub",
    "sup",
    "span",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    code: ["class"],
    ol: ["start"],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  transformTags: {
    // Headings inside an article start below the page's own h1.
    h1: "h2",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
  },
  disallowedTagsMode: "discard",
  // A link left without an address (a javascript: one, or none given) is its text alone: an <a>
  // without href may not carry the rel and target given above (HTML's rule, the validator's error).
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** An article's translations with each language's body sanitized as the English one is. */
export function sanitizedTranslations<T extends Translations>(translations: T): T {
  const out: Translations = {};
  for (const [language, texts] of Object.entries(translations) as [TranslatedLanguage, Record<string, string>][]) {
    out[language] =
      texts.description === undefined ? texts : { ...texts, description: sanitizeArticleHtml(texts.description) };
  }
  return out as T;
}
