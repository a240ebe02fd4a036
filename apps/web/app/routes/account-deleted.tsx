import { Link } from "react-router";
import { metaT, useLanguagePath, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/account-deleted";

/** Where a deleted account lands, signed out: what happened, and what stays. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({ t, title: t("Your account is deleted."), description: t("Your Skillshelf account is deleted.") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function AccountDeleted() {
  const t = useT();
  const at = useLanguagePath();
  return (
    <section className="card result-card account-deleted" aria-labelledby="account-deleted-title">
      <h1 id="account-deleted-title">{t("Your account is deleted.")}</h1>
      <p className="result-card__text">
        {t(
          "Your name, e-mail address, profile, reading progress and notifications are erased, and you are signed out everywhere.",
        )}
      </p>
      <p className="result-card__text">
        {t(
          "Your orders, invoices and credit notes are kept without your name for as long as the tax rules require (6 years; 10 for sales under the EU's One Stop Shop).",
        )}
      </p>
      <p className="result-card__text">{t("You can register again with the same e-mail address at any time.")}</p>
      <div className="button-row result-card__actions">
        <Link to={at("/")} className="button">
          {t("Back to the store")}
        </Link>
      </div>
    </section>
  );
}
