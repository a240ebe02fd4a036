import { type CatalogueFile, catalogueFileSchema } from "@skillshelf/shared/catalogue-file.ts";
import { asMessage, english, type Message, messageOfIssue, plain } from "@skillshelf/shared/i18n/message.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import Tokenizer from "@streamparser/json/tokenizer.js";
import TokenType from "@streamparser/json/utils/types/tokenType.js";
import type { z } from "zod";
import { findUnsafeText } from "../lib/unsafe-text.ts";
import { Base64Intake, type IntakeResult } from "../media/base64-intake.ts";
import type { MediaStore } from "../media/media-store.ts";

/**
 * A catalogue file refused before anything is written: where and why. `text` is
 * the refusal as a key with values (a page writes it in its language); `message`
 * and `reason` (why, without the line) are its English, as the API and the CLI
 * answer them. `notExport`: the file is not a catalogue export at all (not JSON,
 * or not the format's outline), rather than an export with a bad value.
 */
export class CatalogueFileError extends Error {
  readonly text: Message;
  readonly reason: string;

  constructor(
    reason: string | Message,
    readonly line: number | null,
    readonly notExport = false,
  ) {
    const why = asMessage(reason);
    const text = line === null ? why : valuedMessage("importLine", { line, reason: why });
    super(english(text));
    this.text = text;
    this.reason = english(why);
  }

  /** The one sentence the operator reads: what is wrong with the file, and that nothing changed. */
  get refusal(): Message {
    return valuedMessage(this.notExport ? "importNotExport" : "importRefused", { reason: this.text });
  }
}

export type JsonPath = (string | number)[];

/** Maps a path inside the parsed document back to its line in the text. */
export type LineOf = (path: JsonPath) => number | null;

export const noLines: LineOf = () => null;

function describePath(path: JsonPath): string {
  return path.reduce<string>(
    (out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    "",
  );
}

/** A catalogue file nests a handful of levels; anything far deeper is refused before it costs memory. */
const MAX_DEPTH = 64;

/**
 * The catalogue's text without its media (whose bytes go straight to the storage): at most this much. A
 * catalogue's items are handed on as they are read; other JSON, which has none, is held whole till refused.
 */
const MAX_CATALOGUE_TEXT_BYTES = 200 * 1024 * 1024;

/** The pieces a chunk is tokenized in: what a media file has sent on waits for the storage between two pieces. */
const PIECE_BYTES = 64 * 1024;

/** The media files of a catalogue file read by readCatalogueStream, already in the media storage (unattached). */
export interface StreamedMedia {
  /** What became of the media whose `data_base64` the reader replaced by `placeholder`. */
  lookup(placeholder: string): IntakeResult | undefined;
  /** Every object stored, for removal when the import does not happen. */
  keys(): string[];
}

/**
 * The tokenizer's string accumulator (the StringBuilder of @streamparser/json),
 * wrapped so that one string, armed in advance, is handed on piece by piece
 * instead of accumulated: a media file's base64 never sits whole in memory.
 */
interface StringBuilder {
  byteLength: number;
  appendChar(char: number): void;
  appendBuf(buf: Uint8Array, start?: number, end?: number): void;
  appendCharCode(code: number): void;
  reset(): void;
  toString(): string;
}

class DivertingString implements StringBuilder {
  private armed: ((piece: Buffer) => void) | null = null;
  private target: ((piece: Buffer) => void) | null = null;
  private divertedBytes = 0;

  constructor(private readonly inner: StringBuilder) {}

  /** The next string's content goes to `target`, not into the token. */
  arm(target: (piece: Buffer) => void): void {
    this.armed = target;
  }

  disarm(): void {
    this.armed = null;
  }

  /** Whether the string just tokenized was handed on (until the next string starts). */
  get diverted(): boolean {
    return this.target !== null;
  }

  get byteLength(): number {
    return this.target ? this.divertedBytes : this.inner.byteLength;
  }

  reset(): void {
    this.inner.reset();
    this.target = this.armed;
    this.armed = null;
    this.divertedBytes = 0;
  }

  appendChar(char: number): void {
    if (!this.target) {
      this.inner.appendChar(char);
      return;
    }
    this.target(Buffer.of(char));
    this.divertedBytes++;
  }

  appendBuf(buf: Uint8Array, start = 0, end = buf.length): void {
    if (!this.target) {
      this.inner.appendBuf(buf, start, end);
      return;
    }
    this.target(Buffer.from(buf.subarray(start, end)));
    this.divertedBytes += end - start;
  }

  appendCharCode(code: number): void {
    // Only a lone surrogate comes this way: no base64 character.
    if (!this.target) this.inner.appendCharCode(code);
  }

  toString(): string {
    return this.target ? "" : this.inner.toString();
  }
}

type JsonObject = Record<string, unknown>;

interface Frame {
  value: JsonObject | unknown[];
  /** Objects: the line of each key. Arrays: the line each element starts on. */
  lines: Map<string, number> | number[];
  /** Objects: the key whose value comes next. */
  key: string | null;
  expect: "key-or-end" | "key" | "colon" | "value" | "value-or-end" | "comma-or-end";
  /** An array under a `media` key, or an object in such an array. */
  media: "list" | "item" | null;
  path: JsonPath;
  /** Arrays: how many elements came so far (items are handed on, not kept). */
  count: number;
  /** The line it starts on. */
  line: number;
  /** What it is when it is an item of the catalogue, handed on once complete. */
  item: CatalogueItemKind | null;
}

function setKey(object: JsonObject, key: string, value: unknown) {
  // A key "__proto__" is a key like any other, as with JSON.parse.
  if (key === "__proto__")
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** An item of a catalogue file handed on alone as soon as it is read: an article, an artefact, a parent. */
export type CatalogueItemKind = "content" | "artefact" | "parent";

/**
 * Where an item of a catalogue file sits, by its path: categories[p] is a parent, its artefacts[a] an
 * artefact, their contents[i] and their groups[g].contents[i] articles; anything else is no item.
 */
function itemKindOf(path: JsonPath): CatalogueItemKind | null {
  const [categories, p, artefacts, a, third, n, fourth, i] = path;
  if (categories !== "categories" || typeof p !== "number") return null;
  if (path.length === 2) return "parent";
  if (artefacts !== "artefacts" || typeof a !== "number") return null;
  if (path.length === 4) return "artefact";
  if (path.length === 6 && third === "contents" && typeof n === "number") return "content";
  if (
    path.length === 8 &&
    third === "groups" &&
    typeof n === "number" &&
    fourth === "contents" &&
    typeof i === "number"
  )
    return "content";
  return null;
}

/**
 * Takes the items of a catalogue file one by one, in the order they end in the text (an artefact's
 * articles before the artefact, its artefacts before a parent), each without the items inside it (an
 * artefact's `contents` and its groups' `contents` are empty lists, a parent's `artefacts`); then what
 * is left (the file's outline, its `categories` list empty).
 */
export interface CatalogueItems {
  /** `lineOf` maps a path inside the item to its line. */
  item(kind: CatalogueItemKind, path: JsonPath, value: unknown, lineOf: LineOf): Promise<void>;
  rest(value: unknown, lineOf: LineOf): Promise<void>;
}

/**
 * Reads a catalogue file as it streams in (bytes or text chunks), with the
 * @streamparser/json tokenizer, handing each item on to `items` as soon as it
 * is read, so that the file is never whole in memory: what the reader keeps
 * is the item being read. Each `data_base64` is decoded and written to the
 * media storage as it arrives (Base64Intake) and replaced by a placeholder
 * that `streamed` resolves. Refusals name the line; on any failure whatever
 * was stored is removed again.
 */
export async function readCatalogueStream(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  media: MediaStore,
  items: (streamed: StreamedMedia) => CatalogueItems,
): Promise<StreamedMedia> {
  const intakes: IntakeResult[] = [];
  const storedKeys: string[] = [];
  const streamed: StreamedMedia = {
    lookup: (placeholder) => intakes[Number(placeholder)],
    keys: () => storedKeys,
  };
  try {
    await parseStream(input, media, intakes, storedKeys, items(streamed));
    return streamed;
  } catch (error) {
    await media.discard(storedKeys);
    throw error;
  }
}

async function parseStream(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  media: MediaStore,
  intakes: IntakeResult[],
  storedKeys: string[],
  items: CatalogueItems,
): Promise<void> {
  // Lines: the chunk being tokenized, and how far into the stream newlines are counted. Tokens come in order,
  // and a token that began in an earlier chunk (a long string) has no line break in it, so one cursor serves.
  let line = 1;
  let piece: Buffer = Buffer.alloc(0);
  let pieceStart = 0;
  let counted = 0;
  const lineAt = (offset: number) => {
    const end = Math.min(offset, pieceStart + piece.length) - pieceStart;
    for (let at = counted - pieceStart; at >= 0 && at < end; ) {
      const newline = piece.indexOf(10, at);
      if (newline === -1 || newline >= end) break;
      line++;
      at = newline + 1;
    }
    counted = Math.max(counted, pieceStart + end);
    return line;
  };
  const syntax = (code: string, offset: number): never => {
    throw new CatalogueFileError(valuedMessage("importInvalidJson", { detail: code }), lineAt(offset), true);
  };

  const tokenizer = new Tokenizer();
  const internals = tokenizer as unknown as { bufferedString?: StringBuilder };
  if (!internals.bufferedString) throw new Error("@streamparser/json: no string accumulator to divert media through");
  const strings = new DivertingString(internals.bufferedString);
  internals.bufferedString = strings;

  /** Media work queued while a piece is tokenized (which is synchronous), done before the next piece. */
  const queue: (() => Promise<void>)[] = [];
  let intake: { into: Base64Intake; line: number } | null = null;
  /** The files begun and not yet settled: abandoned if the reading fails, not left waiting for bytes. */
  const unsettled = new Set<Base64Intake>();
  let divertedBytes = 0;
  let mediaCount = 0;

  const positions = new WeakMap<object, Map<string, number> | number[]>();
  const stack: Frame[] = [];
  let root: unknown;
  let rootLine = 1;
  let rootDone = false;

  /** The path of the value placed next in `top`: at its key or its next index. */
  const nextPath = (top: Frame): JsonPath => [...top.path, Array.isArray(top.value) ? top.count : (top.key ?? "")];

  /** Maps a path inside `top` (a value that starts on `topLine`) to its line. */
  const lineWithin =
    (top: unknown, topLine: number): LineOf =>
    (path) => {
      // The deepest node that exists: a missing property is reported at its object, a property at its key.
      let node = top;
      let at = topLine;
      for (const part of path) {
        const lines = node !== null && typeof node === "object" ? positions.get(node) : undefined;
        if (Array.isArray(lines) && typeof part === "number" && part < lines.length) {
          at = lines[part] ?? at;
          node = (node as unknown[])[part];
        } else if (lines instanceof Map && typeof part === "string" && lines.has(part)) {
          at = lines.get(part) ?? at;
          node = (node as JsonObject)[part];
        } else break;
      }
      return at;
    };

  /** An item complete: handed on once the media read so far are stored, and not kept in the document. */
  const handOn = (kind: CatalogueItemKind, path: JsonPath, value: unknown, at: number) => {
    const lineOf = lineWithin(value, at);
    queue.push(() => items.item(kind, path, value, lineOf));
  };

  /** `detached`: an item, handed on rather than kept in its list. */
  const place = (value: unknown, at: number, offset: number, detached = false) => {
    const top = stack.at(-1);
    if (!top) {
      if (rootDone) syntax("EndOfFileExpected", offset);
      root = value;
      rootLine = at;
      rootDone = true;
      return;
    }
    if (Array.isArray(top.value)) {
      if (top.expect !== "value" && top.expect !== "value-or-end") syntax("CommaExpected", offset);
      top.count++;
      if (!detached) {
        top.value.push(value);
        (top.lines as number[]).push(at);
      }
    } else {
      if (top.expect !== "value") {
        syntax(
          top.expect === "colon"
            ? "ColonExpected"
            : top.expect === "comma-or-end"
              ? "CommaExpected"
              : "PropertyNameExpected",
          offset,
        );
      }
      setKey(top.value, top.key ?? "", value);
    }
    top.expect = "comma-or-end";
  };

  const open = (value: JsonObject | unknown[], offset: number) => {
    const at = lineAt(offset);
    const parent = stack.at(-1);
    if (stack.length >= MAX_DEPTH)
      throw new CatalogueFileError(valuedMessage("importTooDeep", { levels: MAX_DEPTH }), at, true);
    const path = parent ? nextPath(parent) : [];
    const item = itemKindOf(path);
    place(value, at, offset, item !== null);
    if (!parent) rootDone = false;
    const isArray = Array.isArray(value);
    const lines = isArray ? [] : new Map<string, number>();
    positions.set(value, lines);
    const media =
      isArray && parent && !Array.isArray(parent.value) && parent.key === "media"
        ? "list"
        : !isArray && parent?.media === "list"
          ? "item"
          : null;
    stack.push({
      value,
      lines,
      key: null,
      expect: isArray ? "value-or-end" : "key-or-end",
      media,
      path,
      count: 0,
      line: at,
      item,
    });
  };

  const close = (array: boolean, offset: number) => {
    const top = stack.at(-1);
    if (!top) return syntax("EndOfFileExpected", offset);
    if (Array.isArray(top.value) !== array) syntax(array ? "CloseBraceExpected" : "CloseBracketExpected", offset);
    const ok = top.expect === "comma-or-end" || top.expect === (array ? "value-or-end" : "key-or-end");
    if (!ok)
      syntax(
        top.expect === "colon" ? "ColonExpected" : top.expect === "key" ? "PropertyNameExpected" : "ValueExpected",
        offset,
      );
    stack.pop();
    if (top.item) handOn(top.item, top.path, top.value, top.line);
    if (!stack.length) rootDone = true;
  };

  /** A value that is no object or list: an item if it stands where one does (for the schema to refuse). */
  const placeValue = (value: unknown, offset: number) => {
    const at = lineAt(offset);
    const top = stack.at(-1);
    const path = top ? nextPath(top) : [];
    const item = top && (top.expect === "value" || top.expect === "value-or-end") ? itemKindOf(path) : null;
    place(value, at, offset, item !== null);
    if (item) handOn(item, path, value, at);
  };

  tokenizer.onToken = ({ token, value, offset }) => {
    if (rootDone && stack.length === 0) syntax("EndOfFileExpected", offset);
    const top = stack.at(-1);
    if (token !== TokenType.STRING || !strings.diverted) strings.disarm();
    switch (token) {
      case TokenType.LEFT_BRACE:
        return open({}, offset);
      case TokenType.LEFT_BRACKET:
        return open([], offset);
      case TokenType.RIGHT_BRACE:
        return close(false, offset);
      case TokenType.RIGHT_BRACKET:
        return close(true, offset);
      case TokenType.COLON: {
        if (top?.expect !== "colon") return syntax("ValueExpected", offset);
        top.expect = "value";
        if (top.media === "item" && top.key === "data_base64") {
          const into = new Base64Intake(media);
          unsettled.add(into);
          void into.result.finally(() => unsettled.delete(into)).catch(() => {});
          intake = { into, line: (positions.get(top.value) as Map<string, number>).get("data_base64") ?? line };
          strings.arm((bytes) => {
            divertedBytes += bytes.length;
            queue.push(() => into.write(bytes));
          });
        }
        return;
      }
      case TokenType.COMMA:
        if (top?.expect !== "comma-or-end") return syntax("ValueExpected", offset);
        top.expect = Array.isArray(top.value) ? "value" : "key";
        return;
      case TokenType.STRING:
        if (top && !Array.isArray(top.value) && (top.expect === "key" || top.expect === "key-or-end")) {
          top.key = value as string;
          (top.lines as Map<string, number>).set(top.key, lineAt(offset));
          top.expect = "colon";
          return;
        }
        if (strings.diverted && intake) {
          const { into, line: at } = intake;
          intake = null;
          const index = mediaCount++;
          // An empty string stays empty, for the schema to refuse; otherwise the file is stored by the time the next piece is read.
          const placeholder = strings.byteLength ? String(index) : "";
          queue.push(async () => {
            const result = await into.end();
            intakes[index] = result;
            if (result.kind === "stored") storedKeys.push(result.object.key);
            if (result.kind === "too-large")
              throw new CatalogueFileError(
                valuedMessage("importMediaTooLarge", { megabytes: media.maxBytes / 1024 / 1024 }),
                at,
              );
          });
          return place(placeholder, lineAt(offset), offset);
        }
        return placeValue(value, offset);
      default:
        return placeValue(value, offset);
    }
  };

  const tokenize = (bytes: Buffer, streamOffset: number) => {
    piece = bytes;
    pieceStart = streamOffset;
    try {
      tokenizer.write(bytes);
    } catch (error) {
      if (error instanceof CatalogueFileError) throw error;
      const at = /absolute position "(\d+)"/.exec(String((error as Error).message))?.[1];
      syntax("InvalidSymbol", at === undefined ? streamOffset : Number(at));
    }
    lineAt(streamOffset + bytes.length);
  };

  let total = 0;
  try {
    let first = true;
    for await (const chunk of input) {
      let bytes =
        typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      // Editors on some systems start a UTF-8 file with a byte-order mark.
      if (first && bytes.length) {
        first = false;
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
        const slice = bytes.subarray(at, at + PIECE_BYTES);
        tokenize(slice, total);
        total += slice.length;
        for (let work = queue.shift(); work; work = queue.shift()) await work();
        if (total - divertedBytes > MAX_CATALOGUE_TEXT_BYTES) {
          throw new CatalogueFileError(
            valuedMessage("importTextTooLarge", { megabytes: MAX_CATALOGUE_TEXT_BYTES / 1024 / 1024 }),
            line,
          );
        }
      }
    }
    try {
      tokenizer.end();
    } catch (error) {
      if (error instanceof CatalogueFileError) throw error;
      syntax("UnexpectedEndOfString", total);
    }
    for (let work = queue.shift(); work; work = queue.shift()) await work();
    if (!rootDone || stack.length) {
      const top = stack.at(-1);
      syntax(!top ? "ValueExpected" : Array.isArray(top.value) ? "CloseBracketExpected" : "CloseBraceExpected", total);
    }
  } catch (error) {
    await Promise.all([...unsettled].map((into) => into.abort()));
    throw error;
  }

  await items.rest(root, lineWithin(root, rootLine));
}

/** The file checked against the format, its prices against the store's `currency` (whole yen for JPY). */
export function validateCatalogue(value: unknown, currency: string, lineOf: LineOf = noLines): CatalogueFile {
  return validateAt(catalogueFileSchema(currency), value, [], lineOf);
}

/**
 * A value checked against `schema`, the value at `at` in the file (an item of it, or the whole file):
 * a refusal names the whole path and the line `lineOf` (inside the value) gives.
 */
export function validateAt<T>(schema: z.ZodType<T>, value: unknown, at: JsonPath, lineOf: LineOf): T {
  // JSON escapes can carry a NUL or a lone surrogate, which PostgreSQL cannot store: refuse the line, not a 500.
  const unsafe = findUnsafeText(value);
  if (unsafe)
    throw new CatalogueFileError(
      atPath([...at, ...unsafe], plain("contains characters that are not allowed")),
      lineOf(unsafe),
    );
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const inside = (issue?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
  const path = [...at, ...inside];
  // Wrong at the top (not an object, no version 1, no list of categories, other fields): some other JSON file.
  const outline = path.length <= 1;
  throw new CatalogueFileError(
    atPath(path, issue ? issueMessage(issue, path) : plain("invalid")),
    lineOf(inside),
    outline,
  );
}

/** A reason at a place in the file: "categories[0].slug: slug is required". */
const atPath = (path: JsonPath, reason: Message): Message => {
  const where = describePath(path);
  return where ? valuedMessage("importAt", { path: where, reason }) : reason;
};

const MUST_BE = {
  string: "propertyMustBeText",
  number: "propertyMustBeNumber",
  boolean: "propertyMustBeBoolean",
  array: "propertyMustBeList",
  object: "propertyMustBeObject",
} as const;

/**
 * Zod's own words for what the format's schema leaves to it (a wrong type, a
 * missing or empty field, an unknown one), as catalogue keys a page shows in
 * the operator's language; the schema's own messages as their keys and values.
 */
function issueMessage(issue: z.core.$ZodIssue, path: JsonPath): Message {
  const last = path.findLastIndex((part) => typeof part === "string");
  const property = last === -1 ? "the file" : describePath(path.slice(last));
  if (issue.code === "unrecognized_keys") {
    return valuedMessage("unknownFields", { fields: issue.keys.map((k) => `"${k}"`).join(", ") });
  }
  if (issue.code === "invalid_type") {
    if (issue.input === undefined) return valuedMessage("propertyRequired", { property });
    const key = MUST_BE[issue.expected as keyof typeof MUST_BE];
    if (key) return valuedMessage(key, { property });
  }
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) {
    return valuedMessage("propertyRequired", { property });
  }
  return messageOfIssue(issue.message);
}
