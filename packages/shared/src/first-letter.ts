/** The letter the A-Z filter matches an artefact by (SPEC.md: the first letter of its name). */
export const firstLetter = (name: string) => name.charAt(0).toUpperCase();
