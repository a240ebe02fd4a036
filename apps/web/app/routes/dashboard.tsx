import { changePasswordSchema, profileSchemaFor } from "@skillshelf/shared/account-forms.ts";
import { useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { ShieldIcon, UserIcon } from "../features/account/components/account-icons";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { PasswordForm } from "../features/account/components/password-form";
import { ProfileForm } from "../features/account/components/profile-form";
import { Tabs } from "../features/account/components/tabs";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm } from "../lib/form-action";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/dashboard";

export function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  return { user: requireViewer(store, url).user };
}

/** The profile (intent=profile) and password (intent=password) forms, with the API's own steps. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  const viewer = requireViewer(store, url);
  const form = await request.formData();
  if (form.get("intent") === "password") {
    const checked = checkForm(form, changePasswordSchema);
    return answerForm(
      store,
      checked.ok ? await store.profile.changePassword(checked.data) : checked.outcome,
      "/dashboard",
    );
  }
  const checked = checkForm(form, profileSchemaFor(viewer.user.email));
  return answerForm(store, checked.ok ? await store.profile.update(checked.data) : checked.outcome, "/dashboard");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({ t, title: t("Dashboard"), description: t("Your Skillshelf profile and password.") });
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
