import { Link } from "react-router";
import { useLanguagePath } from "../../../lib/i18n";

/** The Skillshelf word mark: three books on a shelf, drawn inline (CSP allows no external images). */
export function BrandLink() {
  const at = useLanguagePath();
  return (
    <Link to={at("/")} className="brand">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="7" fill="#1d4ed8" />
        <path d="M7 7h3v13H7zM12 7h3v13h-3zM17.2 7.6l2.9-.8 3.4 12.5-2.9.8z" fill="#fff" />
        <path d="M5 21.5h18" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      Skillshelf
    </Link>
  );
}
