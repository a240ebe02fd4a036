import type { PageLinkRefusal } from "@skillshelf/shared/api.ts";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ErrorPage } from "../features/errors/components/error-page";
import { useMessage, useT } from "../lib/i18n";

/**
 * The error boundary of a paged page: a page link (?cursor=) that is altered,
 * from another list or expired answers 422 with the reason, and a way back to
 * the first page. Anything else is the usual error page.
 */
export function PageLinkError({ firstPage }: { firstPage: string }) {
  const t = useT();
  const translated = useMessage();
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 422) return <ErrorPage />;
  const message = (error.data as Partial<PageLinkRefusal> | null)?.message ?? "This page link is not valid.";

  return (
    <section className="account-page" aria-labelledby="page-link-error-title">
      <h1 id="page-link-error-title" className="account-page__title">
        {t("This page is no longer available")}
      </h1>
      <p className="account-page__lead">{translated(message)}</p>
      <Link to={firstPage} className="button">
        {t("Go to the first page")}
      </Link>
    </section>
  );
}
