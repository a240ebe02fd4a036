import { settingsSchema } from "@skillshelf/shared/account-forms.ts";
import { useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { NOTIFICATION_FIELDS, SettingsForm } from "../features/account/components/settings-form";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm } from "../lib/form-action";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/settings";

export function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  return { user: requireViewer(store, url).user };
}

/** Saves the settings with the API's own steps; a plain form post then comes back here. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const checked = checkForm(await request.formData(), settingsSchema, { checkboxes: NOTIFICATION_FIELDS });
  return answerForm(store, checked.ok ? await store.profile.saveSettings(checked.data) : checked.outcome, "/settings");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t("Settings | Skillshelf"),
    description: t("Your display name, time zone, language and notification choices."),
  });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const posted = useActionData<typeof action>();
  return (
    <div className="account-page">
      <AccountPageHeader title={t("Settings")} lead={t("Choose how Skillshelf looks and talks to you.")} />
      <div className="card account-panel">
        <FormNotice outcome={posted} />
        <SettingsForm user={loaderData.user} postedErrors={posted?.ok === false ? posted.errors : undefined} />
      </div>
    </div>
  );
}
