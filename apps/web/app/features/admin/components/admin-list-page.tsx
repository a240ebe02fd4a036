import type { Page } from "@skillshelf/shared/paging.ts";
import type { ReactNode } from "react";
import { Pager } from "../../../components/pager";
import { useT } from "../../../lib/i18n";
import { AdminLoading, AdminSearch } from "./admin-bits";

interface AdminListPageProps<Row> {
  id: string;
  title: string;
  lead: string;
  searchLabel: string;
  placeholder: string;
  /** The loading state and the empty list, e.g. "Loading orders…" and "No orders found.". */
  loadingText: string;
  emptyText: string;
  columns: string[];
  search: string;
  list: Page<Row>;
  /** Another search or page of the list is loading. */
  loading: boolean;
  pageHref: (cursor: string) => string;
  renderRow: (row: Row) => ReactNode;
  /** What the page shows between its heading and the list's search (the coupons' form). */
  before?: ReactNode;
}

/** The frame every admin list shares: heading, search, spinner, empty state, table and pager. */
export function AdminListPage<Row>(props: AdminListPageProps<Row>) {
  const { list } = props;
  const titleId = `${props.id}-title`;
  const t = useT();
  const title = t(props.title);
  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <header className="admin-page__header">
        <h1 id={titleId}>{title}</h1>
        <p className="admin-page__lead">{t(props.lead)}</p>
      </header>
      {props.before}
      <AdminSearch
        key={props.search}
        label={props.searchLabel}
        placeholder={props.placeholder}
        initial={props.search}
      />
      {props.loading ? (
        <AdminLoading label={props.loadingText} />
      ) : list.rows.length === 0 ? (
        <p className="admin-empty">{t(props.emptyText)}</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {props.columns.map((column) => (
                    <th key={column} scope="col">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{list.rows.map(props.renderRow)}</tbody>
            </table>
          </div>
          <Pager
            prev={list.prev_cursor}
            next={list.next_cursor}
            href={props.pageHref}
            label={t("{{title}} pages", { title })}
          />
        </>
      )}
    </section>
  );
}
