/** An ILIKE pattern matching `term` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An operator's search as the lists match it (ILIKE ignores case): trimmed, lower-case; undefined when blank. */
export function searchTerm(raw: string | undefined): string | undefined {
  const term = raw?.trim().toLowerCase();
  return term ? term : undefined;
}
