import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { Link } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";

export function ErrorPage() {
  const t = useT();
  const at = useLanguagePath();
  return (
    <section className="error-page container">
      <p className="error-page__code" aria-hidden="true">
        :(
      </p>
      <h1 className="error-page__title">{t("We hit a snag")}</h1>
      <p className="error-page__text">{t(GENERIC_ERROR)}</p>
      <Link to={at("/")} className="button">
        {t("← Back to Homepage")}
      </Link>
    </section>
  );
}
