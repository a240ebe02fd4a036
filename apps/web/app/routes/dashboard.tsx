import { changePasswordSchema, profileSchema, profileSchemaFor } from "@skillshelf/shared/account-forms.ts";
import { useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { ShieldIcon, UserIcon } from "../features/account/components/account-icons";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { PasswordForm } from "../features/account/components/password-form";
import { ProfileForm } from "../features/account/components/profile-form";
import { Tabs } from "../features/account/components/tabs";
import { formRoute } from "../lib/form-route";
import { formAction } from "../lib/form-route.server";
import { requireViewer } from "../lib/guards";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/dashboard";

/** The page's two forms, each posted with its `intent`: the profile (the default) and the password. */
const page = {
  who: "learner",
  successTo: "/dashboard",
  title: "Dashboard",
  description: "Your Skillshelf profile and password.",
} as const;
const profile = formRoute({
  ...page,
  operation: "profile.update",
  schema: profileSchema,
  schemaFor: (user) => profileSchemaFor(user.email),
  intent: "profile",
});
const password = formRoute({
  ...page,
  operation: "profile.changePassword",
  schema: changePasswordSchema,
  intent: "password",
});

export const { meta, clientAction } = profile;
export const action = formAction(profile, password);

export function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  return { user: requireViewer(store, url).user };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = loaderData;
  // A plain form post's failure (no JavaScript): the messages under the fields of the form it came from.
  const posted = useActionData<typeof action>();
  const postedErrors = posted?.ok === false ? posted.errors : undefined;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="account-page">
      <AccountPageHeader
        title={t("Dashboard")}
        lead={t("Hello, {{name}}. Keep your details up to date and your account secure.", { name: firstName })}
      />
      <div className="card account-panel">
        <FormNotice outcome={posted} />
        <Tabs
          label={t("Account details")}
          tabs={[
            {
              id: "profile",
              label: t("Profile"),
              icon: <UserIcon size={18} />,
              panel: <ProfileForm user={user} postedErrors={postedErrors} />,
            },
            {
              id: "password",
              label: t("Password"),
              icon: <ShieldIcon size={18} />,
              panel: <PasswordForm postedErrors={postedErrors} />,
            },
          ]}
        />
      </div>
    </div>
  );
}
