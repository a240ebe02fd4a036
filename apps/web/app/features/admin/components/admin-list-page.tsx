import type { Page } from "@skillshelf/shared/paging.ts";
import type { ReactNode } from "react";
import { Pager } from "../../../components/pager";
import { AdminLoading, AdminSearch } from "./admin-bits";

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
  list: Page<Row>;
  /** Another search or page of the list is loading. */
  loading: boolean;
  pageHref: (cursor: string) => string;
  renderRow: (row: Row) => ReactNode;
}

/** The frame every admin list shares: heading, search, spinner, empty state, table and pager. */
export function AdminListPage<Row>(props: AdminListPageProps<Row>) {
  const { list, noun } = props;
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
      />
      {props.loading ? (
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
          <Pager prev={list.prev_cursor} next={list.next_cursor} href={props.pageHref} label={`${props.title} pages`} />
        </>
      )}
    </section>
  );
}
