import type { AuditEventRow } from "@skillshelf/shared/audit.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { Form, useNavigation, useSearchParams } from "react-router";
import { Pager } from "../components/pager";
import { formatWhen } from "../features/admin/admin-api";
import { AdminListError, AdminLoading } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-audit";

/** The filters of the audit list, as the URL holds them (?actor=&action=&object_type=&object_id=&cursor=). */
const FILTERS = ["actor", "action", "object_type", "object_id"] as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  const query = Object.fromEntries(
    [...FILTERS, "cursor"].map((name) => [name, url.searchParams.get(name) || undefined]),
  ) as Record<(typeof FILTERS)[number] | "cursor", string | undefined>;
  return { list: await store.admin.audit(query), formatting: formattingOf(operator.user) };
}

/** A change as one short line: each field's value before and after. */
function changeOf(row: AuditEventRow): string {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const shown = (value: unknown) => (value === undefined ? "—" : JSON.stringify(value));
  const change = keys.map((key) => `${key}: ${shown(before[key])} → ${shown(after[key])}`).join("; ");
  const details = row.details ? Object.entries(row.details).map(([k, v]) => `${k}: ${JSON.stringify(v)}`) : [];
  return [change, ...details].filter(Boolean).join("; ");
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { list, formatting } = loaderData;
  const t = useT();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/audit";
  const pageHref = (cursor: string) => {
    const next = new URLSearchParams(params);
    next.set("cursor", cursor);
    return `?${next}`;
  };
  const labels = { actor: "Who", action: "Action", object_type: "Object type", object_id: "Object id" } as const;
  return (
    <section className="admin-page" aria-labelledby="admin-audit-title">
      <header className="admin-page__header">
        <h1 id="admin-audit-title">{t("Audit trail")}</h1>
        <p className="admin-page__lead">
          {t("Every operator action and security event, newest first. Filter by who, what or which object.")}
        </p>
      </header>
      <search>
        <Form method="get" className="admin-audit__filters" aria-label={t("Filter the audit trail")}>
          {FILTERS.map((name) => (
            <label key={name} className="field">
              <span className="field__label">{t(labels[name])}</span>
              <input
                className="field__control"
                name={name}
                defaultValue={params.get(name) ?? ""}
                key={params.get(name) ?? ""}
                placeholder={name === "actor" ? t("E-mail address or user id") : undefined}
              />
            </label>
          ))}
          <button type="submit" className="button button--small">
            {t("Filter")}
          </button>
        </Form>
      </search>
      {loading ? (
        <AdminLoading label="Loading the audit trail…" />
      ) : list.rows.length === 0 ? (
        <p className="admin-empty">{t("No audit events found.")}</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">{t("Audit trail")}</caption>
              <thead>
                <tr>
                  {["When", "Who", "Action", "Object", "Change", "From"].map((column) => (
                    <th key={column} scope="col">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.id} data-action={row.action}>
                    <td>{formatWhen(row.at, formatting)}</td>
                    <td className="admin-break">{row.actor?.email ?? (row.actor?.id ? `#${row.actor.id}` : "—")}</td>
                    <td>
                      <code>{row.action}</code>
                    </td>
                    <td>{row.object_type ? `${row.object_type} ${row.object_id ?? ""}` : "—"}</td>
                    <td className="admin-break">{changeOf(row)}</td>
                    <td>{row.ip ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager prev={list.prev_cursor} next={list.next_cursor} href={pageHref} label={t("Audit trail pages")} />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminListError title="Audit trail" />;
}
