import type { Message, MessageValue } from "./message.ts";

/**
 * The server's messages that carry values (a name, a number, a date): each is
 * a catalogue key with `{{placeholders}}`, stated with its values as a Message
 * (valuedMessage below), which the JSON API writes in English (CONTRACT.md)
 * and a page in its own language. Apart from message.ts, which every page's
 * JavaScript carries: only the server and the forms that state them need these.
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
  // Not JSON, or JSON of another outline: some other file than an export (read-catalogue-file.ts).
  importNotExport: "This file is not a Skillshelf catalogue export: {{reason}}. Nothing was changed.",
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

/** A message that carries values, by its name in VALUED_MESSAGES: `valuedMessage("inCart", { name })`. */
export function valuedMessage<K extends keyof typeof VALUED_MESSAGES>(
  name: K,
  values: Record<Placeholders<(typeof VALUED_MESSAGES)[K]>, MessageValue>,
): Message {
  return { key: VALUED_MESSAGES[name], values };
}
