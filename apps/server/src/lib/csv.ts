import { stringify } from "csv-stringify/sync";

/** A plain number, negative or not: written as it is. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, a tab or a return
 * first) is kept as text by a leading apostrophe; plain numbers, negative
 * ones too, stay numbers.
 */
const asText = (text: string) => (NUMBER.test(text) || !/^[=+\-@\t\r]/.test(text) ? text : `'${text}`);

/**
 * One record as a CSV line (RFC 4180, by csv-stringify: quoted where a field
 * needs it, CRLF after it), each field safe to open in a spreadsheet; null is empty.
 */
export const csvLine = (fields: readonly (string | number | null)[]): string =>
  stringify([[...fields]], { record_delimiter: "windows", cast: { string: asText } });
