import { Link } from "react-router";
import { useT } from "../lib/i18n";

/**
 * Previous / Next under a paged list. Each is a link to the same page with the
 * cursor in the URL, so back, forward and reload keep the page, with or
 * without JavaScript. Nothing is shown when the list fits on one page.
 */
export function Pager({
  prev,
  next,
  href,
  label,
}: {
  prev: string | null;
  next: string | null;
  /** The URL of the page a cursor leads to. */
  href: (cursor: string) => string;
  /** Names the navigation, e.g. "Order pages". */
  label: string;
}) {
  const t = useT();
  if (!prev && !next) return null;
  return (
    <nav className="pager" aria-label={label}>
      {prev ? (
        <Link className="button button--small button--outline" to={href(prev)} rel="prev">
          {t("← Previous")}
        </Link>
      ) : (
        <span className="button button--small button--outline" aria-disabled="true">
          {t("← Previous")}
        </span>
      )}
      {next ? (
        <Link className="button button--small button--outline" to={href(next)} rel="next">
          {t("Next →")}
        </Link>
      ) : (
        <span className="button button--small button--outline" aria-disabled="true">
          {t("Next →")}
        </span>
      )}
    </nav>
  );
}

/** The cursor of a paged page's URL (?cursor=), as its loader passes it on. */
export function cursorOf(url: URL): string | undefined {
  return url.searchParams.get("cursor") ?? undefined;
}
