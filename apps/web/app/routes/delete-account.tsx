import { DELETION_MESSAGES, deletionConfirmSchema } from "@skillshelf/shared/audit.ts";
import { Link } from "react-router";
import { ActionForm } from "../components/form/action-form";
import { ReauthPasswordField } from "../features/account/components/account-data";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { formRoute } from "../lib/form-route";
import { formAction } from "../lib/form-route.server";
import { requireViewer } from "../lib/guards";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/delete-account";

/**
 * The mailed link's page: the learner confirms, and the account is erased in one transaction
 * (apps/server/src/learner-data/delete-account.ts). A visitor signs in first and comes back here.
 */
const route = formRoute({
  operation: "profile.confirmDeletion",
  schema: deletionConfirmSchema,
  who: "learner",
  successTo: "/account-deleted",
  // The token is the route's own parameter: the action reads it from the address.
  params: ["token"],
  title: "Delete my account",
  description: "Confirm the deletion of your Skillshelf account.",
});

export const { meta, clientAction } = route;
export const action = formAction(route);

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  return { recent: await store.signedInRecently() };
}

export default function DeleteAccountPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="account-page">
      <AccountPageHeader title={t("Delete my account")} lead={t(DELETION_MESSAGES.prompt)} />
      <div className="card account-panel account-data account-data--danger">
        <p className="account-data__lead">
          {t(
            "Your name, e-mail address, profile, reading progress and notifications are erased and you are signed out everywhere. Orders, invoices and credit notes are kept without your name, as the tax rules require.",
          )}
        </p>
        <ActionForm
          route={route}
          panel="Delete my account"
          submitLabel="Delete my account"
          busyLabel="Deleting…"
          // Signed out: the confirmation is a page of its own, and the header shows a visitor.
          onSuccess={() => ({ to: "/account-deleted", delayMs: 0, options: { replace: true } })}
        >
          {({ errors }) => (
            <>
              {errors.token && <p className="notice notice--error">{t(errors.token)}</p>}
              {(!loaderData.recent || errors.password) && <ReauthPasswordField error={errors.password} />}
            </>
          )}
        </ActionForm>
        <p>
          <Link to="/settings">{t("Keep my account")}</Link>
        </p>
      </div>
    </div>
  );
}
