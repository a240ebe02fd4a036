import { type AdminUserRow, adminUserActionSchema, type UserAction } from "@skillshelf/shared/admin-forms.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { useActionData } from "react-router";
import { FormNotice } from "../components/form/form-notice";
import { formatWhen } from "../features/admin/admin-api";
import { adminListQuery, useAdminListUrl } from "../features/admin/admin-list";
import { AdminListError } from "../features/admin/components/admin-bits";
import { AdminListPage } from "../features/admin/components/admin-list-page";
import { requireAdmin } from "../features/admin/require-admin";
import { useAdminForm } from "../features/admin/use-admin-form";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, pageUrl, parseFormPost } from "../lib/form-action";
import { useT } from "../lib/i18n";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-users";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  return { list: await store.admin.users(adminListQuery(url)), formatting: formattingOf(operator.user) };
}

/**
 * Verify, block, unblock, grant or remove the admin role: one small form per
 * button, run by the API's own step. A plain form post comes back to the same
 * list and page (303); with JavaScript a fetcher sends it and the list reloads.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const checked = await parseFormPost(request, adminUserActionSchema);
  const outcome = checked.ok ? await store.adminWrites.userAction(checked.data) : checked.outcome;
  return answerForm(store, outcome, pageUrl(url));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

const PROMPTS: Record<UserAction, string> = {
  "verify-email": "Are you sure you want to verify email for this user?",
  block: "Are you sure you want to block this user?",
  unblock: "Are you sure you want to unblock this user?",
  "make-admin": "Are you sure?",
  "remove-admin": "Are you sure?",
};

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { list, formatting } = loaderData;
  const { search, loading, pageHref } = useAdminListUrl();
  const t = useT();
  // A plain form post that was refused (no JavaScript): why, above the list.
  const posted = useActionData<typeof action>();
  // The row shows its new state once the list is read again (after the action).
  const change = useAdminForm({
    schema: adminUserActionSchema,
    confirm: (form) => PROMPTS[new FormData(form).get("user_action") as UserAction],
  });
  const busy = change.sending ? Number(new FormData(change.sending).get("id")) : null;
  const button = (user: AdminUserRow, action: UserAction, english: string) => {
    const label = t(english);
    return (
      <form className="admin-inline-form" data-confirm-detail={user.email} {...change.formProps}>
        <input type="hidden" name="id" value={user.id} />
        <input type="hidden" name="user_action" value={action} />
        <button
          type="submit"
          className="button button--small button--outline"
          disabled={busy === user.id}
          aria-label={`${label}: ${user.email}`}
        >
          {label}
        </button>
      </form>
    );
  };

  return (
    <>
      <FormNotice outcome={posted} fieldless />
      <AdminListPage
        id="admin-users"
        title="Learners"
        lead="Everyone with an account, newest first."
        searchLabel="Search learners"
        placeholder="Name or e-mail"
        loadingText="Loading learners…"
        emptyText="No learners found."
        columns={["Name", "E-mail", "Role", "Status", "Joined", "Actions"]}
        search={search}
        list={list}
        loading={loading}
        pageHref={pageHref}
        renderRow={(user) => (
          <tr key={user.id} data-email={user.email}>
            <td>{user.name}</td>
            <td className="admin-break">{user.email}</td>
            <td>{user.role === "admin" ? t("Admin") : t("Learner")}</td>
            <td>
              <span className={`admin-badge admin-badge--${user.email_verified ? "paid" : "pending"}`}>
                {user.email_verified ? t("Verified") : t("Unverified")}
              </span>{" "}
              {user.blocked && <span className="admin-badge admin-badge--refunded">{t("Blocked")}</span>}
              {user.deleted && <span className="admin-badge admin-badge--refunded">{t("Deleted")}</span>}
            </td>
            <td>{formatWhen(user.created_at, formatting)}</td>
            <td>
              <div className="admin-row-actions">
                {user.deleted ? null : (
                  <>
                    {!user.email_verified && button(user, "verify-email", "Verify e-mail")}
                    {user.blocked ? button(user, "unblock", "Unblock") : button(user, "block", "Block")}
                    {user.role === "admin"
                      ? button(user, "remove-admin", "Remove admin")
                      : button(user, "make-admin", "Make admin")}
                  </>
                )}
              </div>
            </td>
          </tr>
        )}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminListError title="Learners" />;
}
