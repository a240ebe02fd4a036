import {
  missingTexts,
  TRANSLATED_LANGUAGES,
  type TranslatedItem,
  translationsOfFields,
  translationUpdateSchema,
} from "@skillshelf/shared/catalogue-translations.ts";
import { languagePath, SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import { readForm } from "../../../hooks/use-schema-form";
import { useT } from "../../../lib/i18n";
import { useAdminForm } from "../use-admin-form";
import type { PostedFields } from "./fields";
import { TextInput, textOf } from "./fields";

/** Each text's label in the editor, by its name (the English fields' own labels). */
const LABELS: Record<string, string> = {
  name: "Name",
  title: "Title",
  single_line: "Single line",
  short_description: "Short description",
  description: "Article body (HTML)",
  payment_note: "Payment note",
  meta_title: "Meta title",
  meta_description: "Meta description",
};
const MULTILINE = new Set(["short_description", "description", "meta_description"]);
/** A media file's one text is its caption (its `name`, the link text the article page shows). */
const labelOf = (kind: TranslatedItem, text: string) =>
  kind === "media" && text === "name" ? "Caption" : (LABELS[text] ?? text);

/**
 * An item's texts in Spanish and French beside its English ones: one column per language, each text's
 * English under its field, what is still missing listed above, and a link to the public page in that
 * language. One form for both languages, a plain form post without JavaScript.
 */
export function TranslationsForm({
  kind,
  id,
  english,
  translations,
  preview,
  posted,
  title = "Translations",
}: {
  kind: TranslatedItem;
  id: number;
  /** The item's English texts that may be translated, by name (a null or empty one has nothing to translate). */
  english: Record<string, string | null>;
  translations: Partial<Record<string, Partial<Record<string, string>>>>;
  /** The item's public page, when it has one. */
  preview?: string | undefined;
  /** A plain form post of this form that failed: what was typed, and why. */
  posted?: { fields: PostedFields; errors?: Record<string, string> | undefined } | undefined;
  /** The form's heading (an admin.json key). */
  title?: string;
}) {
  const t = useT();
  const { errors, busy, formProps } = useAdminForm({
    schema: translationUpdateSchema,
    read: (form) => ({ kind, id, translations: translationsOfFields(readForm(form)) }),
    initialErrors: posted?.errors,
  });
  const texts = Object.keys(english);
  return (
    <form className="admin-form" {...formProps} aria-label={t(title)}>
      <h2 className="admin-subtitle">{t(title)}</h2>
      <input type="hidden" name="intent" value="translate" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <div className="admin-translations">
        {TRANSLATED_LANGUAGES.map((language) => {
          const missing = missingTexts(english, translations, language);
          // The language's name in the operator's ("Spanish", "Español").
          const name = t(SETTING_OF_CODE[language]);
          return (
            <fieldset key={language} className="admin-translations__language">
              <legend className="admin-label">{name}</legend>
              <p className="admin-hint">
                {missing.length === 0
                  ? t("Every text is translated.")
                  : t("Missing, shown in English: {{texts}}", {
                      texts: missing.map((text) => t(labelOf(kind, text))).join(", "),
                    })}
              </p>
              {preview && (
                <a href={languagePath(language, preview)} target="_blank" rel="noreferrer" className="admin-hint">
                  {t("Preview in {{language}}", { language: name })}
                </a>
              )}
              {texts.map((text) => (
                <TextInput
                  key={text}
                  label={labelOf(kind, text)}
                  name={`${language}.${text}`}
                  defaultValue={textOf(posted?.fields, `${language}.${text}`, translations[language]?.[text] ?? "")}
                  error={errors[`translations.${language}.${text}`]}
                  multiline={MULTILINE.has(text)}
                  rows={text === "description" ? 10 : 3}
                  mono={text === "description"}
                  hint="English: {{text}}"
                  hintValues={{ text: shortened(english[text] || "—") }}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>
          {t("Save translations")}
        </button>
      </div>
    </form>
  );
}

/** A long English text (an article's HTML) as a hint: its first words. */
const shortened = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);
