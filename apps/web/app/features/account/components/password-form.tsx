import { changePasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { PasswordField } from "../../../components/form/password-field";
import { SubmitButton } from "../../../components/form/submit-button";
import { useActionSubmit } from "../../../hooks/use-action-submit";
import { type FieldErrors, useSchemaForm } from "../../../hooks/use-schema-form";
import { useT } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";
import { useKeepUserRecord } from "../use-keep-user-record";

/** Old, new and confirm; the fields are emptied once the password has changed. */
export function PasswordForm({ postedErrors }: { postedErrors?: FieldErrors | undefined }) {
  const t = useT();
  const toast = useToast();
  const keepUserRecord = useKeepUserRecord();
  const send = useActionSubmit(toast);
  const { errors, phase, reset, formProps } = useSchemaForm(changePasswordSchema, {
    initialErrors: postedErrors,
    // Posted to the dashboard's action (intent=password), a plain form post without JavaScript.
    async onValid(_data, helpers) {
      const { form } = helpers;
      const result = await send(form);
      if (!result.ok) return keepUserRecord(result, helpers);
      form.reset();
      reset();
      return false;
    },
  });

  return (
    <form className="form form--narrow" aria-label={t("Change password")} {...formProps}>
      <input type="hidden" name="intent" value="password" />
      <PasswordField
        label="Old password"
        name="old_password"
        autoComplete="current-password"
        error={errors.old_password}
      />
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        error={errors.password}
        after={(id) => (
          <p id={id} className="field__help">
            {t("At least 8 characters.")}
          </p>
        )}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm_password"
        autoComplete="new-password"
        error={errors.confirm_password}
      />
      <p className="form__note">{t("Changing your password signs you out on your other devices.")}</p>
      <div className="form__actions">
        <SubmitButton phase={phase} label="Change password" busyLabel="Saving…" className="button" />
      </div>
    </form>
  );
}
