import type { PageLinkRefusal } from "@skillshelf/shared/api.ts";
import { MAX_SEARCH_LENGTH } from "@skillshelf/shared/paging.ts";
import { useEffect, useId, useRef } from "react";
import { Form, isRouteErrorResponse, Link, useRouteError, useSearchParams, useSubmit } from "react-router";
import { useMessage, useT } from "../../../lib/i18n";
import { ErrorPage } from "../../errors/components/error-page";
import { ADMIN_FORBIDDEN, type AdminRefusal } from "../require-admin";

/**
 * What a signed-in learner sees at /admin: a 403. An operator without a second step (or whose
 * session did not do it) is told so, with the way to Settings.
 */
export function AdminForbidden({ refusal }: { refusal?: Partial<AdminRefusal> | null | undefined }) {
  const t = useT();
  const secondStep = refusal?.secondStep;
  return (
    <section className="admin-forbidden container" aria-labelledby="admin-forbidden-title">
      <p className="eyebrow">403</p>
      <h1 id="admin-forbidden-title">{t(secondStep ? "A second step is needed" : "Access denied")}</h1>
      <p>{t(secondStep && refusal?.message ? refusal.message : ADMIN_FORBIDDEN)}</p>
      {secondStep === "needed" ? (
        <Link className="button" to="/settings#sign-in-security">
          {t("Set up a second step in Settings")}
        </Link>
      ) : (
        <Link className="button" to="/dashboard">
          {t("Go to your dashboard")}
        </Link>
      )}
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

/** How long typing pauses before a live search searches. */
const TYPING_PAUSE_MS = 300;

interface SearchFieldProps {
  label: string;
  placeholder: string;
  initial: string;
  name?: string;
  hint?: string;
  live?: boolean;
}

/**
 * A search box: a GET form to the page's own URL (?search=, or `name`), so it
 * works before and without JavaScript. It sends the search alone, unless the
 * page's other parameters in `kept` (the catalogue editor's open editor and
 * rows). A `live` one searches once typing pauses, in place (no history entry,
 * no scroll), with JavaScript.
 */
export function AdminSearch({
  kept = [],
  action,
  ...field
}: SearchFieldProps & { kept?: [string, string][]; action?: string }) {
  return (
    <search>
      <Form method="get" action={action} preventScrollReset={field.live}>
        <KeptParams kept={kept} />
        <SearchField {...field} />
      </Form>
    </search>
  );
}

/**
 * A search box inside another form (a coupon's, whose fields it sits among)
 * that sends its own GET form, `form`: an AdminSearchForm rendered outside
 * the other one, as forms may not nest. It starts from the URL's `name`.
 */
export function AdminSearchIn({ form, ...field }: Omit<SearchFieldProps, "initial"> & { form: string; name: string }) {
  const { initial } = useUrlSearch(field.name);
  return (
    <search>
      <SearchField key={initial} {...field} initial={initial} form={form} />
    </search>
  );
}

/** The GET form an AdminSearchIn of `name` sends: with every other parameter of the page's URL. */
export function AdminSearchForm({ id, name }: { id: string; name: string }) {
  const { kept } = useUrlSearch(name);
  return (
    <Form id={id} method="get" preventScrollReset hidden>
      <KeptParams kept={kept} />
    </Form>
  );
}

/**
 * A form's search of `name` in the page's URL: its value (`initial`, also the key
 * that starts the box afresh when it changes) and every other parameter, which the
 * search keeps (`kept`).
 */
function useUrlSearch(name: string): { initial: string; kept: [string, string][] } {
  const [params] = useSearchParams();
  return { initial: params.get(name) ?? "", kept: [...params].filter(([key]) => key !== name) };
}

const KeptParams = ({ kept }: { kept: [string, string][] }) =>
  kept.map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />);

function SearchField({
  label,
  placeholder,
  initial,
  name = "search",
  hint,
  live = false,
  form,
}: SearchFieldProps & { form?: string }) {
  const id = useId();
  const t = useT();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searchSoon = (owner: HTMLFormElement | null) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (owner) void submit(owner, { replace: true, preventScrollReset: true });
    }, TYPING_PAUSE_MS);
  };
  return (
    <div className="admin-search">
      <label htmlFor={id} className="admin-label">
        {t(label)}
      </label>
      <div className="admin-search__row">
        <input
          id={id}
          name={name}
          type="search"
          className="admin-input"
          form={form}
          defaultValue={initial}
          placeholder={t(placeholder)}
          maxLength={MAX_SEARCH_LENGTH}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={live ? (event) => searchSoon(event.currentTarget.form) : undefined}
        />
        <button type="submit" className="button button--small" form={form}>
          {t("Search")}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="admin-muted">
          {t(hint)}
        </p>
      )}
    </div>
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
  const translated = useMessage();
  if (isRouteErrorResponse(error) && error.status === 403) return <AdminForbidden refusal={error.data} />;
  if (!isRouteErrorResponse(error) || error.status !== 422) return <ErrorPage />;
  const message = (error.data as Partial<PageLinkRefusal> | null)?.message ?? "This page link is not valid.";
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
