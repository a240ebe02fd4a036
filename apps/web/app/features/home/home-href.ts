/** The home page of `letter`'s artefacts (null: all) at `page`: /?letter=D&page=2. */
export function homeHref(letter: string | null, page = 1, hash = ""): string {
  const query = new URLSearchParams();
  if (letter) query.set("letter", letter);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return `/${search ? `?${search}` : ""}${hash}`;
}
