import { LANGUAGES, TIME_ZONES } from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { languageOfSetting } from "@skillshelf/shared/i18n/languages.ts";
import { kept } from "@skillshelf/shared/intl-formatters.ts";
import { SelectField } from "../../../components/form/select-field";
import { SwitchField } from "../../../components/form/switch-field";
import { TextField } from "../../../components/form/text-field";
import type { FieldErrors } from "../../../hooks/use-schema-form";
import { useTranslator } from "../../../lib/i18n";

const TIME_ZONE_OPTIONS = TIME_ZONES.map((zone) => ({
  value: zone,
  label: `${zone.slice(zone.indexOf("/") + 1).replaceAll("_", " ")} (${zone})`,
}));

/** The settings' languages named in the page's language ("English", "Spanish" in English; "inglés"… in Spanish). */
function languageOptions(pageLanguage: string) {
  // Made once per page language: a DisplayNames costs ICU a fresh look at the locale's data.
  return kept(languageOptionsByPage, pageLanguage, () => {
    const names = new Intl.DisplayNames([pageLanguage], { type: "language" });
    return LANGUAGES.map((language) => {
      const name = names.of(languageOfSetting(language) ?? language) ?? language;
      return { value: language, label: name.charAt(0).toLocaleUpperCase(pageLanguage) + name.slice(1) };
    });
  });
}
const languageOptionsByPage = new Map<string, { value: string; label: string }[]>();

/** The switches: a plain form post sends a ticked one as 'on' and leaves the others out. */
export const NOTIFICATION_FIELDS = ["email_notifications", "in_app_notifications", "sms_notifications"] as const;

const NOTIFICATIONS = [
  {
    name: "email_notifications",
    label: "Email notifications",
    description: "Order receipts and news about new artefacts, sent to your e-mail address.",
  },
  {
    name: "in_app_notifications",
    label: "In-app notifications",
    description: "Updates shown on your Notifications page while you browse.",
  },
  {
    name: "sms_notifications",
    label: "SMS notifications",
    description: "Short text messages about your orders, sent to your phone.",
  },
] as const;

/** The settings form's fields: display name, time zone, language and the three notification switches. */
export function SettingsFields({ user, errors }: { user: UserRecord; errors: FieldErrors }) {
  const { t, language } = useTranslator();
  return (
    <>
      <section className="settings-section" aria-labelledby="settings-general">
        <h2 id="settings-general" className="settings-section__title">
          {t("General")}
        </h2>
        <p className="settings-section__lead">{t("How your name appears and how dates and text are shown to you.")}</p>
        <div className="form__grid">
          <TextField
            label="Display name"
            name="display_name"
            autoComplete="nickname"
            defaultValue={user.display_name}
            error={errors.display_name}
          />
          <SelectField
            label="Time zone"
            name="timezone"
            placeholder="Choose a time zone"
            options={TIME_ZONE_OPTIONS}
            defaultValue={user.timezone}
            error={errors.timezone}
          />
          <SelectField
            label="Language"
            name="language"
            placeholder="Choose a language"
            options={languageOptions(language)}
            defaultValue={user.language}
            error={errors.language}
          />
        </div>
      </section>
      <section className="settings-section" aria-labelledby="settings-notifications">
        <h2 id="settings-notifications" className="settings-section__title">
          {t("Notifications")}
        </h2>
        <p className="settings-section__lead">{t("Choose how we keep you up to date.")}</p>
        <div className="switch-list">
          {NOTIFICATIONS.map((item) => (
            <SwitchField
              key={item.name}
              name={item.name}
              label={item.label}
              description={item.description}
              defaultChecked={user[item.name]}
            />
          ))}
        </div>
      </section>
    </>
  );
}
