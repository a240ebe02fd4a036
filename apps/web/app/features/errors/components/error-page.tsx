import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { Link } from "react-router";

export function ErrorPage() {
  return (
    <section className="error-page container">
      <p className="error-page__code" aria-hidden="true">
        :(
      </p>
      <h1 className="error-page__title">We hit a snag</h1>
      <p className="error-page__text">{GENERIC_ERROR}</p>
      <Link to="/" className="button">
        ← Back to Homepage
      </Link>
    </section>
  );
}
