import type { StoreContext } from "@skillshelf/shared/api.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { translatorOf } from "../../lib/i18n";

/** The notice of a first visit (components/language-notice.tsx), written in the language it offers. */
export interface LanguageNoticeTexts {
  language: LanguageCode;
  text: string;
  link: string;
  dismiss: string;
}

/** The notice's texts for the root loader: from the offered language's catalogue, which the page does not carry. */
export function languageNoticeTexts(suggestion: StoreContext["i18n"]["suggestion"]): LanguageNoticeTexts | null {
  if (!suggestion) return null;
  const { t } = translatorOf(suggestion);
  return {
    language: suggestion.language,
    // Keys name English, the catalogue's own language: each catalogue says them of itself.
    text: t("This page is also in English."),
    link: t("Read it in English"),
    dismiss: t("No, thanks"),
  };
}
