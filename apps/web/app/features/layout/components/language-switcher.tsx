import { LANGUAGE_CODES, LANGUAGE_NAMES, LANGUAGE_PARAM } from "@skillshelf/shared/i18n/languages.ts";
import type { FormEventHandler, ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useTranslator } from "../../../lib/i18n";

/**
 * A plain GET form to this page with its parameters (a search's q) and `?lang=` from `children`:
 * the server answers 301 to this page at that language's URL (/fr/docker to /es/docker) and
 * remembers the choice in the lang cookie (apps/server/src/routes/page-language.ts). It needs no
 * JavaScript, and with it the browser goes there all the same.
 */
export function LanguageForm({
  className,
  onSubmit,
  children,
}: {
  className: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== LANGUAGE_PARAM);
  return (
    <form method="get" action={pathname} className={className} onSubmit={onSubmit}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/**
 * A guest's language: this page in another language, at its own URL (LanguageForm). A learner's
 * language is a setting.
 */
export function LanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const { t, language } = useTranslator();
  if (signedIn) {
    return (
      <p className="language-switcher">
        <Link to="/settings">{t("Language settings")}</Link>
      </p>
    );
  }
  return (
    <LanguageForm className="language-switcher">
      <label htmlFor="language-switcher">{t("Language")}</label>
      <select id="language-switcher" name={LANGUAGE_PARAM} defaultValue={language}>
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <button type="submit">{t("Change")}</button>
    </LanguageForm>
  );
}
