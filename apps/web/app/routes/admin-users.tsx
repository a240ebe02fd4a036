import { useState } from "react";
import { adminCall, confirmAction, formatWhen } from "../features/admin/admin-api";
import { AdminListPage } from "../features/admin/components/admin-list-page";
import { useAdminList } from "../features/admin/use-admin-list";
import { useToast } from "../features/toast/toast-context";

interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  role: "learner" | "admin";
  email_verified: boolean;
  blocked: boolean;
  created_at: string;
}

type UserAction = "verify-email" | "block" | "unblock" | "make-admin" | "remove-admin";

const PROMPTS: Record<UserAction, string> = {
  "verify-email": "Are you sure you want to verify email for this user?",
  block: "Are you sure you want to block this user?",
  unblock: "Are you sure you want to unblock this user?",
  "make-admin": "Are you sure?",
  "remove-admin": "Are you sure?",
};

export default function AdminUsers() {
  const { search, list, failed, reload, go, pageHref } = useAdminList<AdminUserRow>("/api/admin/users");
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (user: AdminUserRow, action: UserAction) => {
    if (!confirmAction(PROMPTS[action])) return;
    setBusy(user.id);
    await adminCall(`/api/admin/users/${user.id}/${action}`, { method: "POST", notify: toast });
    setBusy(null);
    await reload(false);
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
      failed={failed}
      go={go}
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
          <td>{formatWhen(user.created_at)}</td>
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
