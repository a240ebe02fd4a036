import { settingsSchema } from "@skillshelf/shared/account-forms.ts";
import { useRevalidator } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { NOTIFICATION_FIELDS, SettingsFields } from "../features/account/components/settings-fields";
import { SignInSecurity } from "../features/account/components/sign-in-security";
import { securityAction, securityIntentOf } from "../features/account/settings-security.server";
import { formRoute } from "../lib/form-route";
import { formAction } from "../lib/form-route.server";
import { requireViewer } from "../lib/guards";
import { useT } from "../lib/i18n";
import { saveUserRecord } from "../lib/user-storage";
import { storeContext } from "../load-context";
import type { Route } from "./+types/settings";

/** Saves the settings with the API's own steps; a plain form post then comes back here. */
const route = formRoute({
  operation: "profile.saveSettings",
  schema: settingsSchema,
  who: "learner",
  successTo: "/settings",
  checkboxes: NOTIFICATION_FIELDS,
  title: "Settings",
  description: "Your display name, time zone, language and notification choices.",
});

export const { meta, clientAction } = route;
const settingsAction = formAction(route);

/** The settings form, or one of the sign-in security forms (named by its `intent`). */
export async function action(args: Route.ActionArgs) {
  const intent = securityIntentOf(await args.request.clone().formData());
  return intent ? securityAction(args, intent) : settingsAction(args);
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { user } = requireViewer(store, url);
  return { user, security: await store.secondStep() };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <div className="account-page">
      <AccountPageHeader title={t("Settings")} lead={t("Choose how Skillshelf looks and talks to you.")} />
      <div className="card account-panel">
        <ActionForm
          route={route}
          panel="Settings"
          submitLabel="Save settings"
          busyLabel="Saving…"
          // The saved record is kept for the header (the router has read it again after the action).
          onSuccess={(user) => {
            saveUserRecord(user);
            return undefined;
          }}
          // The session ended (expired, or signed out elsewhere): the guard sends the learner to sign in.
          onRefused={(outcome) => {
            if (outcome.status === 401) void revalidator.revalidate();
          }}
        >
          {({ errors }) => <SettingsFields user={loaderData.user} errors={errors} />}
        </ActionForm>
      </div>
      <SignInSecurity security={loaderData.security} />
    </div>
  );
}
