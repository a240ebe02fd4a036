import { profileSchema } from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { useRevalidator } from "react-router";
import { SubmitButton } from "../../../components/form/submit-button";
import { TextAreaField, TextField } from "../../../components/form/text-field";
import { useSchemaForm } from "../../../hooks/use-schema-form";
import { saveUserRecord } from "../../../lib/user-storage";
import { useToast } from "../../toast/toast-context";
import { updateProfile } from "../api/update-profile";

/** Name, email, phone and bio; a saved change is stored as the user record and shown in the header. */
export function ProfileForm({ user }: { user: UserRecord }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { errors, phase, formProps } = useSchemaForm(profileSchema, {
    async onValid(data, { showErrors }) {
      const result = await updateProfile(data, toast);
      if (!result.ok || !result.body) {
        showErrors(result.body?.errors);
        // The session ended (expired, or signed out elsewhere): the guard sends the learner to sign in.
        if (result.httpStatus === 401) await revalidator.revalidate();
        return false;
      }
      saveUserRecord(result.body.data);
      await revalidator.revalidate();
      return false;
    },
  });

  return (
    <form className="form form--wide" aria-label="Profile" {...formProps}>
      <div className="form__grid">
        <TextField label="Name" name="name" autoComplete="name" defaultValue={user.name} error={errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={user.email}
          error={errors.email}
        />
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
        placeholder="A line or two about what you are learning."
        defaultValue={user.about}
        error={errors.bio}
      />
      <div className="form__actions">
        <SubmitButton phase={phase} label="Save profile" busyLabel="Saving…" className="button" />
      </div>
    </form>
  );
}
