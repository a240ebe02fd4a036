import { changesEmail, profileSchemaFor } from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { PasswordField } from "../../../components/form/password-field";
import { SubmitButton } from "../../../components/form/submit-button";
import { EmailField, TextAreaField, TextField } from "../../../components/form/text-field";
import { useActionSubmit } from "../../../hooks/use-action-submit";
import { type FieldErrors, useSchemaForm } from "../../../hooks/use-schema-form";
import { useT } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";
import { useKeepUserRecord } from "../use-keep-user-record";

/**
 * Name, email, phone and bio; a saved change is stored as the user record and
 * shown in the header. A new sign-in email needs the current password, so its
 * field appears as soon as the email differs from the stored one.
 */
export function ProfileForm({ user, postedErrors }: { user: UserRecord; postedErrors?: FieldErrors | undefined }) {
  const t = useT();
  const toast = useToast();
  const keepUserRecord = useKeepUserRecord();
  const send = useActionSubmit<UserRecord>(toast);
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(user.email);
  const schema = useMemo(() => profileSchemaFor(user.email), [user.email]);
  const { errors, phase, formProps } = useSchemaForm(schema, {
    initialErrors: postedErrors,
    // Posted to the dashboard's action (intent=profile), a plain form post without JavaScript.
    onValid: async (_data, helpers) => keepUserRecord(await send(helpers.form), helpers),
  });
  const needsPassword = changesEmail(user.email, email);

  // An address typed before the page's script ran is only in the input: read it once hydrated.
  useEffect(() => {
    const input = formRef.current?.elements.namedItem("email");
    if (input instanceof HTMLInputElement) setEmail(input.value);
  }, []);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "email") setEmail(target.value);
    formProps.onChange(event);
  };

  return (
    <form className="form form--wide" aria-label={t("Profile")} ref={formRef} {...formProps} onChange={onChange}>
      <input type="hidden" name="intent" value="profile" />
      <div className="form__grid">
        <TextField label="Name" name="name" autoComplete="name" defaultValue={user.name} error={errors.name} />
        <EmailField defaultValue={user.email} error={errors.email} />
        {needsPassword && (
          <PasswordField
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            error={errors.current_password}
            after={(id) => (
              <p id={id} className="field__help">
                {t("Needed to change the email you sign in with.")}
              </p>
            )}
          />
        )}
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          defaultValue={user.mobile_number}
          error={errors.phone}
        />
      </div>
      <TextAreaField
        label="Bio"
        name="bio"
        hint="(optional)"
        maxLength={500}
        placeholder={t("A line or two about what you are learning.")}
        defaultValue={user.about}
        error={errors.bio}
      />
      <div className="form__actions">
        <SubmitButton phase={phase} label="Save profile" busyLabel="Saving…" className="button" />
      </div>
    </form>
  );
}
