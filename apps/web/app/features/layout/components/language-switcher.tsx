import { LANGUAGE_CODES, LANGUAGE_NAMES, LANGUAGE_PARAM } from "@skillshelf/shared/i18n/languages.ts";
import { Link, useLocation } from "react-router";
import { useTranslator } from "../../../lib/i18n";

/**
 * A guest's language: a plain GET form to this page with ?lang=, which works
 * without JavaScript and loads the whole page in the new language (the server
 * then remembers it in the lang cookie). A learner's language is a setting.
 */
export function LanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const { t, language } = useTranslator();
  const { pathname, search } = useLocation();
  if (signedIn) {
    return (
      <p className="language-switcher">
        <Link to="/settings">{t("Language settings")}</Link>
      </p>
    );
  }
  // The page's other parameters (a search's q) are kept.
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== LANGUAGE_PARAM);
  return (
    <form method="get" action={pathname} className="language-switcher">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="language-switcher">{t("Language")}</label>
      <select id="language-switcher" name={LANGUAGE_PARAM} defaultValue={language}>
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <button type="submit">{t("Change")}</button>
    </form>
  );
}
