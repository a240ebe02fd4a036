import { interpolate, type TFunction } from "./page-translator.ts";
import { statedMoment, statedMomentIn } from "./stated-moment.ts";

/**
 * A message as the store's operations state it: a catalogue key (its English
 * text, `{{placeholders}}` and all) and the values of its placeholders. A
 * value is text or a number, a moment (a date, written in the reader's
 * language), or a message of its own (the reason of a refusal), translated in
 * turn. The JSON API writes it in English (english); a page in its own
 * language (inLanguage), from the key, with no English to read back.
 */
export interface Message {
  key: string;
  values?: Readonly<Record<string, MessageValue>>;
}
export type MessageValue = string | number | Date | Message;

/** A plain catalogued text as a message: `plain("Added to your cart.")`. */
export const plain = (key: string): Message => ({ key });

export const isMessage = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && typeof (value as Message).key === "string";

/** A text or a message, as a message (a text is its own key). */
export const asMessage = (text: string | Message): Message => (typeof text === "string" ? { key: text } : text);

/**
 * A message as a zod issue's text, for a schema's `message`: a plain key as it
 * is; a key with values (text and numbers, or messages) as its JSON, which
 * messageOfIssue reads back, so no English is ever parsed for its values.
 */
export function issueText(message: Message): string {
  return message.values ? JSON.stringify(message) : message.key;
}

// No catalogue key starts so: a key is an English text.
const ISSUE_JSON = '{"key":';

/** A zod issue's text (a shared schema's) as its message: issueText's JSON read back; any other text is its own key. */
export function messageOfIssue(text: string): Message {
  if (!text.startsWith(ISSUE_JSON)) return { key: text };
  try {
    const message: unknown = JSON.parse(text);
    return isMessage(message) ? message : { key: text };
  } catch {
    return { key: text };
  }
}

/** The message in English, as the JSON API answers it (CONTRACT.md): moments as statedMoment writes them. */
export function english(message: Message): string {
  if (!message.values) return message.key;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values)) {
    values[name] = value instanceof Date ? statedMoment(value) : isMessage(value) ? english(value) : value;
  }
  return interpolate(message.key, values);
}

/** The message in a page's language: its key through the page's `t`, with its values in that language too. */
export function inLanguage(language: string, t: TFunction, message: Message): string {
  if (!message.values) return t(message.key);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values)) {
    values[name] =
      value instanceof Date
        ? statedMomentIn(language, value)
        : isMessage(value)
          ? inLanguage(language, t, value)
          : value;
  }
  return t(message.key, values);
}

/**
 * The response header in which the uploads and the import of /api/admin also
 * send their message as a key with values (the body's `message` is its
 * English): the catalogue page, which streams them there, writes it in its
 * own language. JSON, percent-encoded, as a header is ASCII.
 */
export const MESSAGE_HEADER = "skillshelf-message";

export const messageHeader = (message: Message): string => encodeURIComponent(JSON.stringify(message));

/** The message of MESSAGE_HEADER; null when there is none, or it is not one. */
export function messageOfHeader(value: string | null | undefined): Message | null {
  if (!value) return null;
  try {
    const message: unknown = JSON.parse(decodeURIComponent(value));
    return isMessage(message) ? message : null;
  } catch {
    return null;
  }
}
