import { type CatalogueFile, catalogueFileSchema } from "@skillshelf/shared/catalogue-file.ts";
import jsonc from "jsonc-parser";
import { findUnsafeText } from "../lib/unsafe-text.ts";

/** A catalogue file refused before anything is written: where and why. */
export class CatalogueFileError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | null,
  ) {
    super(line === null ? reason : `line ${line}: ${reason}`);
  }
}

export type JsonPath = (string | number)[];

/** Maps a path inside the parsed document back to its line in the text. */
export type LineOf = (path: JsonPath) => number | null;

export const noLines: LineOf = () => null;

export function describePath(path: JsonPath): string {
  return path.reduce<string>(
    (out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    "",
  );
}

/** A catalogue file nests a handful of levels; far deeper text would overflow the stack of jsonc's recursive parser. */
const MAX_DEPTH = 64;

/**
 * jsonc's SyntaxKind is an ambient const enum, which isolatedModules cannot read: its values for { } [ ] and the end.
 * The scanner reads tokens one by one, without recursion, so it can measure any depth.
 */
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, end: 17 } as const;

/** Where the text first nests deeper than MAX_DEPTH, or null. */
function offsetTooDeep(text: string): number | null {
  const scanner = jsonc.createScanner(text, true);
  let depth = 0;
  for (let token: number = scanner.scan(); token !== TOKEN.end; token = scanner.scan()) {
    if (token === TOKEN.openBrace || token === TOKEN.openBracket) {
      if (++depth > MAX_DEPTH) return scanner.getTokenOffset();
    } else if (token === TOKEN.closeBrace || token === TOKEN.closeBracket) depth--;
  }
  return null;
}

/** Parses and validates a catalogue file's text; throws CatalogueFileError with the line. */
export function readCatalogueText(text: string): { file: CatalogueFile; lineOf: LineOf } {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };

  const tooDeep = offsetTooDeep(text);
  if (tooDeep !== null) throw new CatalogueFileError(`nested more than ${MAX_DEPTH} levels deep`, lineAt(tooDeep));

  const syntaxErrors: jsonc.ParseError[] = [];
  const tree = jsonc.parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false });
  const firstSyntaxError = syntaxErrors[0];
  if (firstSyntaxError || !tree) {
    const reason = firstSyntaxError
      ? `invalid JSON (${jsonc.printParseErrorCode(firstSyntaxError.error)})`
      : "the file is empty";
    throw new CatalogueFileError(reason, firstSyntaxError ? lineAt(firstSyntaxError.offset) : 1);
  }
  const lineOf: LineOf = (path) => {
    // The deepest node that exists: a missing property is reported at its object.
    for (let depth = path.length; depth >= 0; depth--) {
      const node = jsonc.findNodeAtLocation(tree, path.slice(0, depth));
      if (node) return lineAt(node.parent?.type === "property" ? node.parent.offset : node.offset);
    }
    return null;
  };
  return { file: validateCatalogue(jsonc.getNodeValue(tree), lineOf), lineOf };
}

export function validateCatalogue(value: unknown, lineOf: LineOf = noLines): CatalogueFile {
  // JSON escapes can carry a NUL or a lone surrogate, which PostgreSQL cannot store: refuse the line, not a 500.
  const unsafe = findUnsafeText(value);
  if (unsafe) {
    const where = describePath(unsafe);
    throw new CatalogueFileError(
      `${where ? `${where}: ` : ""}contains characters that are not allowed`,
      lineOf(unsafe),
    );
  }
  const result = catalogueFileSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = (issue?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
  const where = describePath(path);
  const message =
    issue?.code === "unrecognized_keys"
      ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(", ")}`
      : issue?.message;
  throw new CatalogueFileError(`${where ? `${where}: ` : ""}${message ?? "invalid"}`, lineOf(path));
}
