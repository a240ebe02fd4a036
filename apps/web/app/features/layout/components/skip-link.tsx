import { useT } from "../../../lib/i18n";

export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("Skip to main content")}
    </a>
  );
}
