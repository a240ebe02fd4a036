import { CATALOGUES } from "@skillshelf/shared/i18n/catalogues.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { DomUtils, parseDocument } from "htmlparser2";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The English interface texts that must not be left in a text of `code`: each
 * text of the English catalogue cut at its placeholders and tags, keeping the
 * pieces of 4 characters or more that the language does not also use.
 */
export function englishPieces(code: LanguageCode): string[] {
  const cut = (text: string) =>
    text
      .split(/\{\{[^}]*\}\}|<\/?\w+>/)
      .map((piece) => piece.trim())
      .filter((piece) => piece.length >= 4);
  const own = new Set(Object.values(CATALOGUES[code]).flatMap((strings) => Object.values(strings).flatMap(cut)));
  const english = Object.values(CATALOGUES.en).flatMap((strings) =>
    Object.entries(strings).flatMap(([key, text]) => (PLURAL.test(key) ? cut(text) : cut(key))),
  );
  return [...new Set(english)].filter((piece) => !own.has(piece));
}

/** What a reader sees or hears of a page: its text (not scripts), title, labels, alternative texts and descriptions. */
export function readerTexts(html: string): string[] {
  const document = parseDocument(html);
  const texts: string[] = [];
  const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const node of nodes) {
      if (DomUtils.isText(node)) texts.push(node.data);
      if (!DomUtils.isTag(node) || node.name === "script" || node.name === "style") continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        if (node.attribs[name]) texts.push(node.attribs[name]);
      }
      const meta = node.attribs.name ?? node.attribs.property ?? "";
      if (node.name === "meta" && /^(description|keywords|og:title|og:description|og:image:alt)$/.test(meta)) {
        texts.push(node.attribs.content ?? "");
      }
      walk(node.children);
    }
  };
  walk(document.children);
  // htmlparser2 has decoded the entities already.
  return texts.map((text) => text.trim()).filter(Boolean);
}

/** The English pieces still among `texts`: a whole text, or inside a longer one when 12 characters or more. */
export function englishLeftAmong(texts: string[], pieces: string[]): string[] {
  return pieces.filter((piece) => texts.some((text) => text === piece || (piece.length >= 12 && text.includes(piece))));
}

/** The English pieces a page still shows. */
export function englishLeftIn(html: string, pieces: string[]): string[] {
  return englishLeftAmong(readerTexts(html), pieces);
}
