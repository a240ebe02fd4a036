import type { Resources, TFunction } from "./page-translator.ts";
import { statedMomentIn } from "./stated-moment.ts";

// Only the admin catalogue uses this (lib/message-t.ts); every other message reaches a page as a key.

/*
 * A server message that reached the page in English (the admin catalogue's
 * uploads and import), in the reader's language: those that carry values
 * (valued-messages.ts) are catalogue keys with placeholders, found back here
 * by matching the English text against the keys ("templates") of the page's
 * own catalogue.
 */

/**
 * The keys of a page's catalogue that carry placeholders (not the plural forms' own keys): what a
 * message is matched against. Kept per catalogue (the same object for every page of a language and
 * audience), and with them the patterns made from them.
 */
export function templatesOf(resources: Resources): string[] {
  let templates = templatesByResources.get(resources);
  if (!templates) {
    templates = Object.values(resources).flatMap((entries) =>
      Object.keys(entries).filter((key) => key.includes("{{") && !PLURAL_KEY.test(key)),
    );
    templatesByResources.set(resources, templates);
  }
  return templates;
}
const templatesByResources = new WeakMap<Resources, string[]>();
const PLURAL_KEY = /_(zero|one|two|few|many|other)$/;

/** Values that are themselves messages (translated in turn), and dates (written again in the page's language). */
const NESTED = new Set(["reason", "field"]);
const MOMENT = "moment";

/**
 * What a placeholder may hold, where it is narrower than any text: a catalogue file's line and a field's
 * path never hold ": ", so "line 5: categories[0].price: price must be a number" is the line's message
 * around the path's, not "{{property}} must be a number" with all the rest as its property.
 */
const PLACEHOLDER_PATTERNS: Record<string, string> = { line: "(\\d+)", path: "([^:]+?)", property: "([^:]+?)" };

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface MessagePattern {
  key: string;
  names: string[];
  pattern: RegExp;
  fixed: number;
}
const patternsByTemplates = new WeakMap<readonly string[], MessagePattern[]>();

function messagePatterns(templates: readonly string[]): MessagePattern[] {
  let patterns = patternsByTemplates.get(templates);
  if (patterns) return patterns;
  patterns = templates.map((key) => {
    const names: string[] = [];
    const source = key
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return literal(part);
        names.push(name);
        return PLACEHOLDER_PATTERNS[name] ?? "([^]+?)";
      })
      .join("");
    return { key, names, pattern: new RegExp(`^${source}$`), fixed: key.replace(/\{\{\w+\}\}/g, "").length };
  });
  // The most specific first: "You already own {{artefact}}, which includes {{name}}." before "You already own {{name}}.".
  patterns.sort((a, b) => b.fixed - a.fixed);
  patternsByTemplates.set(templates, patterns);
  return patterns;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** statedMoment's text read back, or null. */
export function readStatedMoment(text: string): Date | null {
  const found = /^(\d{1,2}) (\w+) (\d{4})(?:,| at) (\d{2}):(\d{2}) UTC$/.exec(text);
  const month = found ? MONTHS.indexOf(found[2] as string) : -1;
  if (!found || month < 0) return null;
  return new Date(Date.UTC(Number(found[3]), month, Number(found[1]), Number(found[4]), Number(found[5])));
}

/**
 * A server message in the page's language: a catalogued text as `t` has it; a
 * valued one by its key with the values found in the English text; any other
 * stays as it came.
 */
export function translateMessage(
  language: string,
  t: TFunction,
  templates: readonly string[],
  message: string,
): string {
  const plain = t(message);
  if (plain !== message || !message) return plain;
  for (const { key, names, pattern } of messagePatterns(templates)) {
    const found = pattern.exec(message);
    if (!found) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = found[i + 1] as string;
      const at = name === MOMENT ? readStatedMoment(value) : null;
      values[name] = NESTED.has(name)
        ? translateMessage(language, t, templates, value)
        : at
          ? statedMomentIn(language, at)
          : value;
    });
    return t(key, values);
  }
  return message;
}
