import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="error-page container">
      <p className="error-page__code">404</p>
      <h1 className="error-page__title">{"Oops! The page you're looking for doesn't exist."}</h1>
      <p className="error-page__text">It may have been moved or deleted.</p>
      <Link to="/" className="button">
        ← Back to Homepage
      </Link>
    </section>
  );
}
