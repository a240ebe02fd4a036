/** An ILIKE pattern matching `term` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An operator's search as the lists match it (ILIKE ignores case): trimmed, lower-case; undefined when blank. */
export function searchTerm(raw: string | undefined): string | undefined {
  const term = raw?.trim().toLowerCase();
  return term ? term : undefined;
}

/**
 * A whole e-mail address (name@domain.tld; no dot at either end of the name,
 * so ".name@domain.tld" is still a search for the part): the admin
 * searches look it up by the unique key of users.email (stored lower-case),
 * since a trigram search for it reads the posting lists of trigrams such as
 * "com" and "@ex" that nearly every address shares.
 */
export const WHOLE_EMAIL = /^[^\s@.]+(\.[^\s@.]+)*@[^\s@.]+(\.[^\s@.]+)+$/;
