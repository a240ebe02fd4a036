import { changePasswordSchema } from "@skillshelf/shared/account-forms.ts";
import { useRevalidator } from "react-router";
import { PasswordField } from "../../../components/form/password-field";
import { SubmitButton } from "../../../components/form/submit-button";
import { useSchemaForm } from "../../../hooks/use-schema-form";
import { useToast } from "../../toast/toast-context";
import { changePassword } from "../api/change-password";

/** Old, new and confirm; the fields are emptied once the password has changed. */
export function PasswordForm() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { errors, phase, reset, formProps } = useSchemaForm(changePasswordSchema, {
    async onValid(data, { form, showErrors }) {
      const result = await changePassword(data, toast);
      if (!result.ok) {
        showErrors(result.body?.errors);
        // The session ended (expired, or signed out elsewhere): the guard sends the learner to sign in.
        if (result.httpStatus === 401) await revalidator.revalidate();
        return false;
      }
      form.reset();
      reset();
      return false;
    },
  });

  return (
    <form className="form form--narrow" aria-label="Change password" {...formProps}>
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
            At least 8 characters.
          </p>
        )}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm_password"
        autoComplete="new-password"
        error={errors.confirm_password}
      />
      <p className="form__note">Changing your password signs you out on your other devices.</p>
      <div className="form__actions">
        <SubmitButton phase={phase} label="Change password" busyLabel="Saving…" className="button" />
      </div>
    </form>
  );
}
