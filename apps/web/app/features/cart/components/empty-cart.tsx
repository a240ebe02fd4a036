import { Link } from "react-router";
import { CartIcon } from "../../../components/icons/cart-icon";
import { useLanguagePath, useT } from "../../../lib/i18n";

export function EmptyCart() {
  const t = useT();
  const at = useLanguagePath();
  return (
    <div className="empty-panel">
      <span className="empty-panel__icon" aria-hidden="true">
        <CartIcon size={32} />
      </span>
      <h3 className="empty-panel__title">{t("Your cart is empty")}</h3>
      <p className="empty-panel__text">{t("Browse our artifacts and find something to learn!")}</p>
      <Link to={at("/")} className="button">
        {t("Explore Artifacts")}
      </Link>
    </div>
  );
}
