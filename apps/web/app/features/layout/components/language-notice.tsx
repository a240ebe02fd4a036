import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, languagePath } from "@skillshelf/shared/i18n/languages.ts";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { LanguageNoticeTexts } from "../language-notice-texts";
import { LanguageForm } from "./language-switcher";

/**
 * A guest's first visit to an English page whose browser asks for Spanish or French: a line in
 * that language saying the page is in it too, linking to its URL there. Never a redirect, as
 * crawlers must find each URL as it is. "No, thanks" keeps English: without JavaScript a
 * `?lang=en` that the server answers with this page and the lang cookie set; with it, the same
 * request in the background while the line closes.
 */
export function LanguageNotice({ notice }: { notice: LanguageNoticeTexts }) {
  const { pathname, search } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const keep = new URLSearchParams(search);
  keep.set(LANGUAGE_PARAM, DEFAULT_LANGUAGE);
  return (
    <div className="language-notice" lang={notice.language}>
      <div className="container language-notice__inner">
        <p>
          {notice.text}{" "}
          <Link to={languagePath(notice.language, pathname + search)} hrefLang={notice.language}>
            {notice.link}
          </Link>
        </p>
        <LanguageForm
          className="language-notice__form"
          onSubmit={(event) => {
            event.preventDefault();
            setDismissed(true);
            // The server's answer sets the cookie; the page it leads to is not needed (HEAD).
            void fetch(`${pathname}?${keep}`, { method: "HEAD" }).catch(() => {});
          }}
        >
          <button type="submit" name={LANGUAGE_PARAM} value={DEFAULT_LANGUAGE} className="button button--small">
            {notice.dismiss}
          </button>
        </LanguageForm>
      </div>
    </div>
  );
}
