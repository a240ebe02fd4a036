import { profileSchema } from "@skillshelf/shared/account-forms.ts";
import type { UserRecord } from "@skillshelf/shared/api.ts";
import { SubmitButton } from "../../../components/form/submit-button";
import { TextAreaField, TextField } from "../../../components/form/text-field";
import { useSchemaForm } from "../../../hooks/use-schema-form";
import { useToast } from "../../toast/toast-context";
import { updateProfile } from "../api/update-profile";
import { useKeepUserRecord } from "../use-keep-user-record";

/** Name, email, phone and bio; a saved change is stored as the user record and shown in the header. */
export function ProfileForm({ user }: { user: UserRecord }) {
  const toast = useToast();
  const keepUserRecord = useKeepUserRecord();
  const { errors, phase, formProps } = useSchemaForm(profileSchema, {
    onValid: async (data, helpers) => keepUserRecord(await updateProfile(data, toast), helpers),
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
