import { interpolate, type TFunction } from "./page-translator.ts";

/**
 * The server's messages that carry values (a name, a number, a date). The API
 * answers them in English (CONTRACT.md); each is a catalogue key with
 * `{{placeholders}}`, so a page finds its key and values back in the English
 * message (translateMessage) and shows it in the page's language.
 */
export const VALUED_MESSAGES = {
  slugTaken: 'This slug is already used by "{{owner}}".',
  groupNameTaken: 'A group with this name already exists in "{{artefact}}".',
  fileTooLarge: "The file is too large: at most {{megabytes}} MB.",
  soldCategory: '"{{name}}" has been sold, so it cannot be deleted; hide it instead.',
  soldGroup: '"{{name}}" has been sold, so it cannot be deleted; its buyers keep access to it.',
  parentHasArtefacts: '"{{name}}" still has artefacts. Delete or move its artefacts first.',
  unsupportedFile: "{{filename}}: Unsupported file format.",
  filesUploaded: "{{files}} files are uploaded.",
  belowUses: "Total uses cannot be below the {{uses}} uses so far",
  imported:
    "The catalogue is imported: {{parents}} categories, {{artefacts}} artefacts, {{groups}} groups, {{contents}} contents, {{media}} media files.",
  importRefused: "The catalogue file was refused, nothing was changed: {{reason}}",
  importSold: '"{{name}}" has been sold, so it cannot be removed; keep it in the file with "hidden": true instead',
  importMediaTooLarge: "media file is larger than {{megabytes}} MB",
  importTextTooLarge: "the catalogue without its media is larger than {{megabytes}} MB",
  unsafeText: "{{field}} contains characters that are not allowed.",
  // wholeMinorMessage's, in a currency without decimals (JPY); GBP's "Price has at most two decimals" is a plain key.
  priceWhole: "Price must be a whole number: {{currency}} has no decimals",
  amountWhole: "An amount must be a whole number: {{currency}} has no decimals",
  free: "{{name}} is free: there is nothing to buy.",
  owned: "You already own {{name}}.",
  ownedWhole: "You already own {{artefact}}, which includes {{name}}.",
  inCart: "{{name}} is already in your cart.",
  inCartWhole: "{{artefact}} is already in your cart, and it includes {{name}}.",
  refundEnded: "The {{days}}-day money-back guarantee for this order ended on {{moment}}.",
  refundCredited:
    "What was paid for this order is credit in order {{order}}, which upgraded it to the whole artefact: refund that order first.",
  // A refused catalogue file: where (its line, the field's path) and why; field names are the file's own.
  importLine: "line {{line}}: {{reason}}",
  importAt: "{{path}}: {{reason}}",
  propertyRequired: "{{property}} is required",
  propertyAtMostChars: "{{property}} is at most {{max}} characters",
  propertyMustBeNumber: "{{property}} must be a number",
  propertyMustBeText: "{{property}} must be text",
  propertyMustBeBoolean: "{{property}} must be true or false",
  propertyMustBeList: "{{property}} must be a list",
  propertyMustBeObject: "{{property}} must be an object",
  mimetypeOneOf: "mimetype must be one of {{types}}",
  unknownFields: "unknown field {{fields}}",
  importInvalidJson: "invalid JSON ({{detail}})",
  importTooDeep: "nested more than {{levels}} levels deep",
  slugReserved: 'slug "{{slug}}" is reserved for a page of the store',
  slugUsedByCategory: 'slug "{{slug}}" is used by another category',
  contentSlugTwice: 'content slug "{{slug}}" is used twice in "{{artefact}}"',
  relatedMissing: 'related content "{{ref}}" is not in the file',
  mediaContentIs: "media content is {{actual}}, not {{claimed}}",
  mediaContentUnsupported: "media content is not a supported image or PDF, not {{claimed}}",
  mediaFileUnreadable: 'media file "{{file}}" cannot be read',
} as const;

type Placeholders<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** A valued message in English, as the API answers it: `valued("inCart", { name })`. */
export function valued<K extends keyof typeof VALUED_MESSAGES>(
  key: K,
  values: Record<Placeholders<(typeof VALUED_MESSAGES)[K]>, string | number>,
): string {
  return interpolate(VALUED_MESSAGES[key], values);
}

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
let patterns: { key: string; names: string[]; pattern: RegExp; fixed: number }[] | undefined;
function messagePatterns() {
  patterns ??= Object.values(VALUED_MESSAGES).map((key) => {
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
  return patterns;
}

/** The English of a moment as the server states it: "30 November 2026 at 10:00 UTC" (en-GB, UTC). */
export function statedMoment(at: Date): string {
  return `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}

/** A moment as statedMoment states it, in `language`: English as statedMoment, others by Intl (long date, UTC). */
export function statedMomentIn(language: string, at: Date): string {
  if (language === "en") return statedMoment(at);
  return `${new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
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
export function translateMessage(language: string, t: TFunction, message: string): string {
  const plain = t(message);
  if (plain !== message || !message) return plain;
  for (const { key, names, pattern } of messagePatterns()) {
    const found = pattern.exec(message);
    if (!found) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = found[i + 1] as string;
      const at = name === MOMENT ? readStatedMoment(value) : null;
      values[name] = NESTED.has(name)
        ? translateMessage(language, t, value)
        : at
          ? statedMomentIn(language, at)
          : value;
    });
    return t(key, values);
  }
  return message;
}
