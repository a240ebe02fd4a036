import { Link } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";

export function NotFoundPage() {
  const t = useT();
  const at = useLanguagePath();
  return (
    <section className="error-page container">
      <p className="error-page__code">404</p>
      <h1 className="error-page__title">{t("Oops! The page you're looking for doesn't exist.")}</h1>
      <p className="error-page__text">{t("It may have been moved or deleted.")}</p>
      <Link to={at("/")} className="button">
        {t("← Back to Homepage")}
      </Link>
    </section>
  );
}
