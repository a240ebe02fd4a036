import type { AdminUserRow } from "@skillshelf/shared/admin-forms.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { adminCall, confirmAction, formatWhen } from "../features/admin/admin-api";
import { adminListQuery, useAdminListUrl } from "../features/admin/admin-list";
import { AdminListError } from "../features/admin/components/admin-bits";
import { AdminListPage } from "../features/admin/components/admin-list-page";
import { requireAdmin } from "../features/admin/require-admin";
import { useToast } from "../features/toast/toast-context";
import type { Route } from "./+types/admin-users";

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = requireAdmin(context, request);
  return { list: await context.admin.users(adminListQuery(request)), formatting: formattingOf(operator.user) };
}

type UserAction = "verify-email" | "block" | "unblock" | "make-admin" | "remove-admin";

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
  const revalidator = useRevalidator();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (user: AdminUserRow, action: UserAction) => {
    if (!confirmAction(PROMPTS[action])) return;
    setBusy(user.id);
    await adminCall(`/api/admin/users/${user.id}/${action}`, { method: "POST", notify: toast });
    // The row shows its new state once the list is read again.
    await revalidator.revalidate();
    setBusy(null);
  };

  return (
    <AdminListPage
      id="admin-users"
      title="Learners"
      lead="Everyone with an account, newest first."
      searchLabel="Search learners"
      placeholder="Name or e-mail"
      noun="learners"
      columns={["Name", "E-mail", "Role", "Status", "Joined", "Actions"]}
      search={search}
      list={list}
      loading={loading}
      pageHref={pageHref}
      renderRow={(user) => (
        <tr key={user.id} data-email={user.email}>
          <td>{user.name}</td>
          <td className="admin-break">{user.email}</td>
          <td>{user.role === "admin" ? "Admin" : "Learner"}</td>
          <td>
            <span className={`admin-badge admin-badge--${user.email_verified ? "paid" : "pending"}`}>
              {user.email_verified ? "Verified" : "Unverified"}
            </span>{" "}
            {user.blocked && <span className="admin-badge admin-badge--refunded">Blocked</span>}
          </td>
          <td>{formatWhen(user.created_at, formatting)}</td>
          <td>
            <div className="admin-row-actions">
              {!user.email_verified && (
                <UserButton user={user} busy={busy} label="Verify e-mail" onClick={() => act(user, "verify-email")} />
              )}
              {user.blocked ? (
                <UserButton user={user} busy={busy} label="Unblock" onClick={() => act(user, "unblock")} />
              ) : (
                <UserButton user={user} busy={busy} label="Block" onClick={() => act(user, "block")} />
              )}
              {user.role === "admin" ? (
                <UserButton user={user} busy={busy} label="Remove admin" onClick={() => act(user, "remove-admin")} />
              ) : (
                <UserButton user={user} busy={busy} label="Make admin" onClick={() => act(user, "make-admin")} />
              )}
            </div>
          </td>
        </tr>
      )}
    />
  );
}

function UserButton({
  user,
  busy,
  label,
  onClick,
}: {
  user: AdminUserRow;
  busy: number | null;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--small button--outline"
      disabled={busy === user.id}
      aria-label={`${label}: ${user.email}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

export function ErrorBoundary() {
  return <AdminListError title="Learners" />;
}
