import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { ADMIN_FORBIDDEN } from "../require-admin";

/** What a signed-in learner sees at /admin: a 403. */
export function AdminForbidden() {
  return (
    <section className="admin-forbidden container" aria-labelledby="admin-forbidden-title">
      <p className="eyebrow">403</p>
      <h1 id="admin-forbidden-title">Access denied</h1>
      <p>{ADMIN_FORBIDDEN}</p>
      <Link className="button" to="/dashboard">
        Go to your dashboard
      </Link>
    </section>
  );
}

export function AdminLoading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="admin-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** A search box that applies on submit. */
export function AdminSearch({
  label,
  placeholder,
  initial,
  onSearch,
}: {
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (term: string) => void;
}) {
  const [term, setTerm] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term.trim());
  };
  return (
    <search>
      <form className="admin-search" onSubmit={submit}>
        <label htmlFor={id} className="admin-label">
          {label}
        </label>
        <div className="admin-search__row">
          <input
            id={id}
            type="search"
            className="admin-input"
            value={term}
            placeholder={placeholder}
            onChange={(e) => setTerm(e.target.value)}
          />
          <button type="submit" className="button button--small">
            Search
          </button>
        </div>
      </form>
    </search>
  );
}
