import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { type AdminPage, adminCall, confirmAction, formatWhen } from "../features/admin/admin-api";
import { AdminLoading, AdminPager, AdminSearch } from "../features/admin/components/admin-bits";
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
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const toast = useToast();
  const [list, setList] = useState<AdminPage<AdminUserRow> | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(
    async (spinner = true) => {
      if (spinner) setList(null);
      const query = new URLSearchParams({ page: String(page), ...(search ? { search } : {}) });
      const result = await adminCall<{ data: AdminPage<AdminUserRow> }>(`/api/admin/users?${query}`, {
        notify: toast,
      });
      if (result.ok && result.body) setList(result.body.data);
    },
    [page, search, toast],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const go = (next: { search?: string; page?: number }) => {
    const s = next.search ?? search;
    const p = next.page ?? 1;
    setParams({ ...(s ? { search: s } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  const act = async (user: AdminUserRow, action: UserAction) => {
    if (!confirmAction(PROMPTS[action])) return;
    setBusy(user.id);
    await adminCall(`/api/admin/users/${user.id}/${action}`, { method: "POST", notify: toast });
    setBusy(null);
    await load(false);
  };

  return (
    <section className="admin-page" aria-labelledby="admin-users-title">
      <header className="admin-page__header">
        <h1 id="admin-users-title">Learners</h1>
        <p className="admin-page__lead">Everyone with an account, newest first.</p>
      </header>
      <AdminSearch
        key={search}
        label="Search learners"
        placeholder="Name or e-mail"
        initial={search}
        onSearch={(term) => go({ search: term })}
      />
      {!list ? (
        <AdminLoading label="Loading learners…" />
      ) : list.rows.length === 0 ? (
        <p className="admin-empty">No learners found.</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Learners</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((user) => (
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
                          <UserButton
                            user={user}
                            busy={busy}
                            label="Verify e-mail"
                            onClick={() => act(user, "verify-email")}
                          />
                        )}
                        {user.blocked ? (
                          <UserButton user={user} busy={busy} label="Unblock" onClick={() => act(user, "unblock")} />
                        ) : (
                          <UserButton user={user} busy={busy} label="Block" onClick={() => act(user, "block")} />
                        )}
                        {user.role === "admin" ? (
                          <UserButton
                            user={user}
                            busy={busy}
                            label="Remove admin"
                            onClick={() => act(user, "remove-admin")}
                          />
                        ) : (
                          <UserButton
                            user={user}
                            busy={busy}
                            label="Make admin"
                            onClick={() => act(user, "make-admin")}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPager page={list.page} pageSize={list.page_size} total={list.total} onPage={(p) => go({ page: p })} />
        </>
      )}
    </section>
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
