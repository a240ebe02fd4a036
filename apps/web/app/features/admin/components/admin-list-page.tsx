import type { ReactNode } from "react";
import type { AdminPage } from "../admin-api";
import { AdminLoading, AdminPager, AdminSearch } from "./admin-bits";

interface AdminListPageProps<Row> {
  id: string;
  title: string;
  lead: string;
  searchLabel: string;
  placeholder: string;
  /** Names the loading state and the table, e.g. "orders". */
  noun: string;
  columns: string[];
  search: string;
  list: AdminPage<Row> | null;
  go: (next: { search?: string; page?: number }) => void;
  renderRow: (row: Row) => ReactNode;
}

/** The frame every admin list shares: heading, search, spinner, empty state, table and pager. */
export function AdminListPage<Row>(props: AdminListPageProps<Row>) {
  const { list, go, noun } = props;
  const titleId = `${props.id}-title`;
  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <header className="admin-page__header">
        <h1 id={titleId}>{props.title}</h1>
        <p className="admin-page__lead">{props.lead}</p>
      </header>
      <AdminSearch
        key={props.search}
        label={props.searchLabel}
        placeholder={props.placeholder}
        initial={props.search}
        onSearch={(term) => go({ search: term })}
      />
      {!list ? (
        <AdminLoading label={`Loading ${noun}…`} />
      ) : list.rows.length === 0 ? (
        <p className="admin-empty">No {noun} found.</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">{props.title}</caption>
              <thead>
                <tr>
                  {props.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{list.rows.map(props.renderRow)}</tbody>
            </table>
          </div>
          <AdminPager page={list.page} pageSize={list.page_size} total={list.total} onPage={(p) => go({ page: p })} />
        </>
      )}
    </section>
  );
}
