import { settingsSchema } from "@skillshelf/shared/account-forms.ts";
import { deletionRequestSchema } from "@skillshelf/shared/audit.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import { useActionData, useRevalidator } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { DeleteAccount, DownloadData, SecurityEvents } from "../features/account/components/account-data";
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

/** "Delete my account", the page's second form (intent=delete): mails the one-time link. */
const deletion = formRoute({
  operation: "profile.requestDeletion",
  schema: deletionRequestSchema,
  who: "learner",
  intent: "delete",
  successTo: "/settings",
  title: "Settings",
  description: "Your display name, time zone, language and notification choices.",
});

export const { meta, clientAction } = route;
const settingsAction = formAction(route, deletion);

/** The settings form, "Delete my account", or one of the sign-in security forms (named by its `intent`). */
export async function action(args: Route.ActionArgs) {
  const intent = securityIntentOf(await args.request.clone().formData());
  return intent ? securityAction(args, intent) : settingsAction(args);
}

/** Security events a page in Settings. */
const EVENTS_PAGE = 10;

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { user } = requireViewer(store, url);
  const events = await store.ownSecurityEvents({
    cursor: url.searchParams.get("events") ?? undefined,
    limit: EVENTS_PAGE,
  });
  const formatting = formattingOf(user);
  return {
    user,
    // Dates are written here, in the learner's time zone, so server HTML and hydration agree.
    events: events.rows.map((event) => ({ ...event, when: formatOrderDate(event.at, formatting) })),
    prev: events.prev_cursor,
    next: events.next_cursor,
    recent: await store.signedInRecently(),
    security: await store.secondStep(),
  };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  // A plain form post's refusal (no JavaScript): the deletion form's messages under its fields.
  const posted = useActionData<typeof action>();
  const postedErrors = posted?.ok === false ? posted.errors : undefined;
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
      <SecurityEvents events={loaderData.events} prev={loaderData.prev} next={loaderData.next} />
      <DownloadData />
      <DeleteAccount recent={loaderData.recent} postedErrors={postedErrors} />
    </div>
  );
}
