import type {
  AdminArtefactNode,
  AdminCataloguePage,
  AdminContentSummary,
  AdminGroup,
  AdminParentNode,
} from "@skillshelf/shared/admin-forms.ts";
import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { Pager } from "../../../components/pager";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { AdminSearch } from "../components/admin-bits";
import type { useAdminForm } from "../use-admin-form";
import { PICKER_SEARCHES, TREE_PARAMS } from "./catalogue-intents";
import { type Editor, editorHref, treeParams, withQuery } from "./catalogue-url";

const DELETE_PROMPT = "Are you sure you want to delete this item?";

/**
 * The catalogue's tree: its filter, a page of parents with their artefacts
 * (the open ones with their groups and contents), each row's ↑ ↓, Edit, Add
 * and Delete, and the pager. `base` is the page's own path (the pager's links
 * close the editor).
 */
export function CatalogueTree({
  tree,
  base,
  ...rows
}: Omit<RowProps, "currency" | "searching"> & { tree: AdminCataloguePage; base: string }) {
  const t = useT();
  const { params } = rows;
  const search = params.get("search")?.trim() ?? "";
  const location = useLocation();
  const props: RowProps = { ...rows, currency: tree.currency, searching: search !== "" };
  return (
    <div className="admin-tree">
      <div className="admin-tree__filter">
        {/* A new search starts on its first page, with nothing opened by hand; the editor stays open. */}
        <AdminSearch
          key={search}
          label="Filter the catalogue"
          placeholder="Name or title"
          initial={search}
          action={location.pathname}
          kept={[...params].filter(([key]) => !TREE_PARAMS.includes(key) && !PICKER_SEARCHES.includes(key))}
          live
        />
      </div>
      {tree.categories.length === 0 && !search && <p className="admin-empty">{t("The catalogue is empty.")}</p>}
      {tree.categories.length === 0 && search && (
        <p className="admin-empty">{t("Nothing in the catalogue matches “{{filter}}”.", { filter: search })}</p>
      )}
      <ol className="admin-tree__list">
        {tree.categories.map((parent, index) => (
          <ParentItem
            key={parent.id}
            parent={parent}
            first={index === 0 && tree.prev_cursor === null}
            last={index === tree.categories.length - 1 && tree.next_cursor === null}
            {...props}
          />
        ))}
      </ol>
      <Pager
        prev={tree.prev_cursor}
        next={tree.next_cursor}
        href={(cursor) => withQuery(base, treeParams(params, { cursor }))}
        label={t("{{title}} pages", { title: t("Catalogue") })}
      />
    </div>
  );
}

export interface RowProps {
  rowForm: ReturnType<typeof useAdminForm>;
  currency: string;
  /** A search is on: everything it kept is shown open, and nothing moves (the lists are partial). */
  searching: boolean;
  /** The artefacts shown open (the URL's ?open=). */
  open: number[];
  /** The artefact the editor works in, read whole: its rows come from it when it is on the page. */
  editing: AdminArtefactNode | null;
  params: URLSearchParams;
}

/** Shows or hides what is under an artefact: a GET form to the page with the artefact in or out of ?open=. */
function ExpandForm({
  name,
  id,
  open,
  searching,
  params,
}: { name: string; id: number } & Pick<RowProps, "open" | "searching" | "params">) {
  const expanded = searching || open.includes(id);
  const next = pageParams(params, { open: expanded ? open.filter((o) => o !== id) : [...open, id] });
  // The page as it is, the editor (its path) included.
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} className="admin-inline-form" preventScrollReset replace>
      {[...next].map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <TreeToggle type="submit" name={name} open={expanded} disabled={searching} />
    </Form>
  );
}

/** The page's own parameters (the open editor's searches included) with the tree's `changes`. */
function pageParams(params: URLSearchParams, changes: Record<string, string | number[] | null>) {
  const next = treeParams(params, changes);
  for (const name of PICKER_SEARCHES) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  return next;
}

/** The ▸ / ▾ of a row of the tree, which shows or hides what is under it. */
function TreeToggle({
  name,
  open,
  ...button
}: { name: string; open: boolean } & Pick<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "disabled" | "onClick"
>) {
  const t = useT();
  return (
    <button
      {...button}
      className="admin-icon-button admin-tree__toggle"
      aria-expanded={open}
      aria-label={open ? t("Collapse {{name}}", { name }) : t("Expand {{name}}", { name })}
    >
      {open ? "▾" : "▸"}
    </button>
  );
}

/** Move up and Move down: each a form naming the item and the step (the server moves it among its siblings). */
function MoveButtons({
  name,
  kind,
  id,
  first,
  last,
  rowForm,
  fixed,
}: {
  name: string;
  kind: "category" | "group" | "content";
  id: number;
  /** At the start or the end of its whole list: it moves no further that way. */
  first: boolean;
  last: boolean;
  rowForm: RowProps["rowForm"];
  /** Nothing moves while a search shows part of the lists. */
  fixed: boolean;
}) {
  const t = useT();
  return (
    <>
      {([-1, 1] as const).map((step) => (
        <form key={step} className="admin-inline-form" {...rowForm.formProps}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="step" value={step} />
          <button
            type="submit"
            className="admin-icon-button"
            disabled={fixed || (step === -1 ? first : last)}
            aria-label={step === -1 ? t("Move {{name}} up", { name }) : t("Move {{name}} down", { name })}
          >
            {step === -1 ? "↑" : "↓"}
          </button>
        </form>
      ))}
    </>
  );
}

/** Edit or Add: a link to the editor's URL, so it opens without JavaScript too. */
function EditorLink({
  label,
  name,
  editor,
  params,
  open,
}: {
  label: string;
  name: string;
  editor: Editor;
} & Pick<RowProps, "params" | "open">) {
  const t = useT();
  return (
    <Link
      className="admin-link-button"
      aria-label={`${t(label)} ${name}`}
      to={editorHref(params, open, editor)}
      preventScrollReset
    >
      {t(label)}
    </Link>
  );
}

function DeleteButton({
  name,
  fields,
  rowForm,
}: {
  name: string;
  fields: Record<string, string | number>;
  rowForm: RowProps["rowForm"];
}) {
  const t = useT();
  return (
    <form className="admin-inline-form" data-confirm={DELETE_PROMPT} data-confirm-detail={name} {...rowForm.formProps}>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button type="submit" className="admin-link-button" aria-label={t("Delete {{name}}", { name })}>
        {t("Delete")}
      </button>
    </form>
  );
}

function ParentItem({
  parent,
  first,
  last,
  ...props
}: RowProps & { parent: AdminParentNode; first: boolean; last: boolean }) {
  const { rowForm, searching, params, open: openArtefacts } = props;
  const [closed, setClosed] = useState(false);
  const t = useT();
  const shown = searching || !closed;
  return (
    <li className="admin-tree__parent">
      <div className="admin-tree__row">
        <div className="admin-tree__name">
          {/* Shown or hidden in the browser only: its artefacts are on the page either way. */}
          <TreeToggle type="button" name={parent.name} open={shown} onClick={() => setClosed(shown)} />
          <CatalogueIcon value={parent.icon} className="admin-tree__icon" /> {parent.name}
          {parent.hidden && <span className="admin-badge admin-badge--pending">{t("Hidden")}</span>}
          {parent.is_header_menu && <span className="admin-badge admin-badge--paid">{t("Menu")}</span>}
        </div>
        <div className="admin-tree__tools">
          <MoveButtons
            name={parent.name}
            kind="category"
            id={parent.id}
            first={first}
            last={last}
            rowForm={rowForm}
            fixed={searching}
          />
          <EditorLink
            label="Edit"
            name={parent.name}
            editor={{ kind: "category", parentId: 0, categoryId: parent.id }}
            params={params}
            open={openArtefacts}
          />
          <EditorLink
            label="Add artefact to"
            name={parent.name}
            editor={{ kind: "category", parentId: parent.id, categoryId: null }}
            params={params}
            open={openArtefacts}
          />
          <DeleteButton name={parent.name} fields={{ intent: "category-delete", id: parent.id }} rowForm={rowForm} />
        </div>
      </div>
      {shown && parent.artefacts.length > 0 && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {parent.artefacts.map((artefact, index) => (
            <ArtefactItem
              key={artefact.id}
              artefact={artefact}
              parentId={parent.id}
              first={index === 0}
              last={index === parent.artefacts.length - 1}
              {...props}
            />
          ))}
        </ol>
      )}
    </li>
  );
}

function ArtefactItem({
  artefact: row,
  parentId,
  first,
  last,
  ...props
}: RowProps & { artefact: AdminArtefactNode; parentId: number; first: boolean; last: boolean }) {
  const { rowForm, currency, searching, open, editing, params } = props;
  // A search read what it kept; otherwise the artefact being edited was read whole, with its groups and contents.
  const artefact = !searching && editing?.id === row.id ? editing : row;
  // Its groups and contents are on the page only when it is open (the loader read them).
  const expanded = searching || open.includes(artefact.id);
  const t = useT();
  const money = usePrice();
  // What the learner pays, as the listing sells it: the whole artefact, its groups on their own, or nothing.
  const artefactPrice = [
    artefact.price !== null && money(artefact.price, currency),
    artefact.lowest_group_price !== null &&
      t("groups from {{price}}", { price: money(artefact.lowest_group_price, currency) }),
  ].filter((part) => part !== false);
  // A group with no price of its own is free only in a free artefact; in a priced one it comes with the whole.
  const groupPrice = (group: AdminGroup) =>
    group.price !== null
      ? money(group.price, currency)
      : artefact.price !== null
        ? t("sold with the artefact only")
        : t("Free");
  const groupName = (group: AdminGroup) => t("group {{name}}", { name: group.name });
  const contentRows = (contents: AdminContentSummary[]) =>
    contents.map((content, index) => (
      <li key={content.id} className="admin-tree__row admin-tree__row--content">
        <div className="admin-tree__name">
          {content.title}
          <span className="admin-muted"> · {t("{{count}} media", { count: content.media.length })}</span>
        </div>
        <div className="admin-tree__tools">
          <MoveButtons
            name={content.title}
            kind="content"
            id={content.id}
            first={index === 0}
            last={index === contents.length - 1}
            rowForm={rowForm}
            fixed={searching}
          />
          <EditorLink
            label="Edit"
            name={content.title}
            editor={{ kind: "content", artefactId: artefact.id, contentId: content.id, groupId: content.group_id }}
            params={params}
            open={open}
          />
          <DeleteButton name={content.title} fields={{ intent: "content-delete", id: content.id }} rowForm={rowForm} />
        </div>
      </li>
    ));
  return (
    <li className="admin-tree__artefact">
      <div className="admin-tree__row">
        <div className="admin-tree__name">
          <ExpandForm name={artefact.name} id={artefact.id} open={open} searching={searching} params={params} />
          <CatalogueIcon value={artefact.icon} className="admin-tree__icon" /> <strong>{artefact.name}</strong>{" "}
          <span className="admin-muted">
            /{artefact.slug} · {artefactPrice.length > 0 ? artefactPrice.join(" · ") : t("Free")}
          </span>
          {artefact.hidden && <span className="admin-badge admin-badge--pending">{t("Hidden")}</span>}
          {artefact.sold && <span className="admin-badge admin-badge--paid">{t("Sold")}</span>}
        </div>
        <div className="admin-tree__tools">
          <MoveButtons
            name={artefact.name}
            kind="category"
            id={artefact.id}
            first={first}
            last={last}
            rowForm={rowForm}
            fixed={searching}
          />
          <EditorLink
            label="Edit"
            name={artefact.name}
            editor={{ kind: "category", parentId, categoryId: artefact.id }}
            params={params}
            open={open}
          />
          <EditorLink
            label="Add group to"
            name={artefact.name}
            editor={{ kind: "group", artefactId: artefact.id, groupId: null }}
            params={params}
            open={open}
          />
          <EditorLink
            label="Add content to"
            name={artefact.name}
            editor={{ kind: "content", artefactId: artefact.id, contentId: null, groupId: null }}
            params={params}
            open={open}
          />
          <DeleteButton
            name={artefact.name}
            fields={{ intent: "category-delete", id: artefact.id }}
            rowForm={rowForm}
          />
        </div>
      </div>
      {expanded && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {artefact.groups.map((group, index) => (
            <li key={group.id} className="admin-tree__group">
              <div className="admin-tree__row">
                <div className="admin-tree__name">
                  {t("Group: {{name}}", { name: group.name })}{" "}
                  <span className="admin-muted">· {groupPrice(group)}</span>
                </div>
                <div className="admin-tree__tools">
                  <MoveButtons
                    name={group.name}
                    kind="group"
                    id={group.id}
                    first={index === 0}
                    last={index === artefact.groups.length - 1}
                    rowForm={rowForm}
                    fixed={searching}
                  />
                  <EditorLink
                    label="Edit"
                    name={groupName(group)}
                    editor={{ kind: "group", artefactId: artefact.id, groupId: group.id }}
                    params={params}
                    open={open}
                  />
                  <EditorLink
                    label="Add content to"
                    name={groupName(group)}
                    editor={{ kind: "content", artefactId: artefact.id, contentId: null, groupId: group.id }}
                    params={params}
                    open={open}
                  />
                  <DeleteButton
                    name={groupName(group)}
                    fields={{ intent: "group-delete", id: group.id }}
                    rowForm={rowForm}
                  />
                </div>
              </div>
              {group.contents.length > 0 && (
                <ol className="admin-tree__list admin-tree__list--nested">{contentRows(group.contents)}</ol>
              )}
            </li>
          ))}
          {contentRows(artefact.contents)}
        </ol>
      )}
    </li>
  );
}
