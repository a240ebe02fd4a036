import { MAX_SEARCH_LENGTH } from "@skillshelf/shared/paging.ts";
import { useId } from "react";
import { Form, isRouteErrorResponse, useRouteError, useSearchParams } from "react-router";
import { Link } from "../../../components/app-link";
import { useT } from "../../../lib/i18n";
import { useMessageT } from "../../../lib/message-t";
import { ErrorPage } from "../../errors/components/error-page";
import { ADMIN_FORBIDDEN } from "../require-admin";

/** What a signed-in learner sees at /admin: a 403. */
export function AdminForbidden() {
  const t = useT();
  return (
    <section className="admin-forbidden container" aria-labelledby="admin-forbidden-title">
      <p className="eyebrow">403</p>
      <h1 id="admin-forbidden-title">{t("Access denied")}</h1>
      <p>{t(ADMIN_FORBIDDEN)}</p>
      <Link className="button" to="/dashboard">
        {t("Go to your dashboard")}
      </Link>
    </section>
  );
}

export function AdminLoading({ label = "Loading…" }: { label?: string }) {
  const t = useT();
  return (
    <p className="admin-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {t(label)}
    </p>
  );
}

/** A search box: a GET form to the list's own URL (?search=), so it works before and without JavaScript. */
export function AdminSearch({ label, placeholder, initial }: { label: string; placeholder: string; initial: string }) {
  const id = useId();
  const t = useT();
  return (
    <search>
      <Form method="get" className="admin-search">
        <label htmlFor={id} className="admin-label">
          {t(label)}
        </label>
        <div className="admin-search__row">
          <input
            id={id}
            name="search"
            type="search"
            className="admin-input"
            defaultValue={initial}
            placeholder={t(placeholder)}
            maxLength={MAX_SEARCH_LENGTH}
          />
          <button type="submit" className="button button--small">
            {t("Search")}
          </button>
        </div>
      </Form>
    </search>
  );
}

/**
 * The error boundary of an admin list: a page link that went stale or was
 * altered answers 422 with the reason and a link to the first page of the
 * same search; a learner's 403 and anything else as the admin area shows them.
 */
export function AdminListError({ title }: { title: string }) {
  const error = useRouteError();
  const [params] = useSearchParams();
  const t = useT();
  const translated = useMessageT();
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden />;
  if (!isRouteErrorResponse(error) || error.status !== 422) return <ErrorPage />;
  const message = (error.data as { message?: string } | null)?.message ?? "This page link is not valid.";
  const search = params.get("search");
  return (
    <section className="admin-page" aria-labelledby="admin-list-error-title">
      <header className="admin-page__header">
        <h1 id="admin-list-error-title">{t(title)}</h1>
      </header>
      <p className="admin-empty" role="alert">
        {translated(message)}{" "}
        <Link to={{ search: search ? `?${new URLSearchParams({ search })}` : "" }}>{t("First page")}</Link>
      </p>
    </section>
  );
}
