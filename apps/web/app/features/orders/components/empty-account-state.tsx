import { Link } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";

/** The empty states of /my-items and /my-orders. */
export function EmptyAccountState({
  title,
  text,
  withExplore,
}: {
  title: string;
  text: string;
  withExplore?: boolean;
}) {
  const t = useT();
  const at = useLanguagePath();
  return (
    <div className="empty-panel">
      <h2 className="empty-panel__title">{title}</h2>
      <p className="empty-panel__text">{text}</p>
      {withExplore && (
        <Link to={at("/")} className="button">
          {t("Explore Artifacts")}
        </Link>
      )}
    </div>
  );
}
