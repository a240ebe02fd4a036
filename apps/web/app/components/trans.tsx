import { interpolate, type TOptions } from "@skillshelf/shared/i18n/page-translator.ts";
import { cloneElement, type ReactElement, type ReactNode } from "react";
import { useTranslator } from "../lib/i18n";

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translated text with elements in it: each `<name>words</name>` of the
 * text becomes `components.name` with the (translated) words inside, e.g.
 * `<Trans i18nKey="Or <anchor>browse every category</anchor>." components={{ anchor: <a href="/" /> }} />`.
 * The tags are found in the catalogue's text before the values go in, so a
 * value (a search, a name) is always shown as text, never read as a tag.
 */
export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const template = useTranslator().text(i18nKey, values);
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of template.matchAll(TAG)) {
    const [tagged, name = "", words = ""] = match;
    const component = Object.hasOwn(components, name) ? components[name] : undefined;
    if (!component) continue;
    parts.push(interpolate(template.slice(end, match.index), values));
    parts.push(cloneElement(component, { key: parts.length }, interpolate(words, values)));
    end = match.index + tagged.length;
  }
  parts.push(interpolate(template.slice(end), values));
  return <>{parts}</>;
}
