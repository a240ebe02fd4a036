import type {
  AdminArtefactNode,
  AdminCatalogueTree,
  AdminContentSummary,
  AdminGroup,
  AdminParentNode,
} from "@skillshelf/shared/admin-forms.ts";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { adminCall, confirmAction, formatMoney } from "../features/admin/admin-api";
import { CategoryForm } from "../features/admin/catalogue/category-form";
import { ContentEditor } from "../features/admin/catalogue/content-editor";
import { GroupForm } from "../features/admin/catalogue/group-form";
import { AdminLoading } from "../features/admin/components/admin-bits";
import { useToast } from "../features/toast/toast-context";

type Editor =
  | { kind: "category"; parentId: number; categoryId: number | null }
  | { kind: "group"; artefactId: number; group: AdminGroup | null }
  | { kind: "content"; artefactId: number; contentId: number | null; groupId: number | null };

const DELETE_PROMPT = "Are you sure you want to delete this item?";

/** The list with one item moved up (-1) or down (+1). */
function moved<T extends { id: number }>(list: T[], id: number, step: -1 | 1): number[] {
  const ids = list.map((item) => item.id);
  const at = ids.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
  return ids;
}

export default function AdminCatalogue() {
  const toast = useToast();
  const [tree, setTree] = useState<AdminCatalogueTree | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);

  const load = useCallback(async () => {
    const result = await adminCall<{ data: AdminCatalogueTree }>("/api/admin/catalogue", { notify: toast });
    if (result.ok && result.body) setTree(result.body.data);
  }, [toast]);
  useEffect(() => {
    void load();
  }, [load]);

  const call = async (path: string, method: "POST" | "DELETE", body?: unknown) => {
    const result = await adminCall(path, { method, body, notify: toast });
    if (result.ok) await load();
    return result.ok;
  };
  const remove = async (path: string) => {
    if (!confirmAction(DELETE_PROMPT)) return;
    if (await call(path, "DELETE")) setEditor(null);
  };

  const artefactOf = (id: number) => tree?.categories.flatMap((p) => p.artefacts).find((a) => a.id === id) ?? null;
  const categoryOf = (id: number) =>
    tree?.categories.find((p) => p.id === id) ?? tree?.categories.flatMap((p) => p.artefacts).find((a) => a.id === id);

  const editorView = () => {
    if (!tree || !editor) return null;
    const close = () => setEditor(null);
    if (editor.kind === "category") {
      const category = editor.categoryId === null ? undefined : categoryOf(editor.categoryId);
      return (
        <CategoryForm
          key={`c-${editor.categoryId}-${editor.parentId}`}
          {...(category ? { category } : {})}
          parentId={editor.parentId}
          parents={tree.categories}
          onCancel={close}
          onSaved={async (saved) => {
            await load();
            setEditor({ kind: "category", parentId: saved.parent_id, categoryId: saved.id });
          }}
        />
      );
    }
    const artefact = artefactOf(editor.artefactId);
    if (!artefact) return null;
    if (editor.kind === "group") {
      return (
        <GroupForm
          key={`g-${editor.group?.id ?? "new"}-${artefact.id}`}
          {...(editor.group ? { group: editor.group } : {})}
          artefact={artefact}
          onCancel={close}
          onSaved={async () => {
            await load();
            close();
          }}
        />
      );
    }
    return (
      <ContentEditor
        key={`t-${editor.contentId ?? "new"}-${artefact.id}`}
        contentId={editor.contentId}
        artefact={artefact}
        groupId={editor.groupId}
        tree={tree.categories}
        onCancel={close}
        onSaved={async (id) => {
          await load();
          if (editor.contentId === null) setEditor({ ...editor, contentId: id });
        }}
      />
    );
  };

  return (
    <section className="admin-page" aria-labelledby="admin-catalogue-title">
      <header className="admin-page__header admin-page__header--row">
        <div>
          <h1 id="admin-catalogue-title">Catalogue</h1>
          <p className="admin-page__lead">
            Parent categories, their artefacts, groups and contents, hidden ones included. Changes are public at once.
          </p>
        </div>
        <div className="admin-actions">
          <button
            type="button"
            className="button"
            onClick={() => setEditor({ kind: "category", parentId: 0, categoryId: null })}
          >
            New parent category
          </button>
          <a className="button button--outline" href="/api/admin/catalogue/export" download>
            Export
          </a>
        </div>
      </header>
      <ImportForm onImported={load} />
      {!tree ? (
        <AdminLoading label="Loading the catalogue…" />
      ) : (
        <div className="admin-catalogue">
          <div className="admin-tree">
            {tree.categories.length === 0 && <p className="admin-empty">The catalogue is empty.</p>}
            <ol className="admin-tree__list">
              {tree.categories.map((parent) => (
                <ParentItem
                  key={parent.id}
                  parent={parent}
                  siblings={tree.categories}
                  currency={tree.currency}
                  setEditor={setEditor}
                  call={call}
                  remove={remove}
                />
              ))}
            </ol>
          </div>
          <div className="admin-side" aria-live="polite">
            {editorView() ?? (
              <p className="admin-muted admin-side__hint">Choose Edit or Add on an item to change the catalogue.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

interface ItemProps {
  setEditor: (editor: Editor) => void;
  call: (path: string, method: "POST" | "DELETE", body?: unknown) => Promise<boolean>;
  remove: (path: string) => Promise<void>;
  currency: string;
}

function MoveButtons({
  name,
  onMove,
  first,
  last,
}: {
  name: string;
  onMove: (step: -1 | 1) => void;
  first: boolean;
  last: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className="admin-icon-button"
        disabled={first}
        aria-label={`Move ${name} up`}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="admin-icon-button"
        disabled={last}
        aria-label={`Move ${name} down`}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </>
  );
}

function ItemButton({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <button type="button" className="admin-link-button" aria-label={`${label} ${name}`} onClick={onClick}>
      {label}
    </button>
  );
}

function ParentItem({
  parent,
  siblings,
  ...props
}: ItemProps & { parent: AdminParentNode; siblings: AdminParentNode[] }) {
  const { setEditor, call, remove } = props;
  const index = siblings.indexOf(parent);
  return (
    <li className="admin-tree__parent">
      <div className="admin-tree__row">
        <span className="admin-tree__name">
          <span aria-hidden="true">{parent.icon}</span> {parent.name}
          {parent.hidden && <span className="admin-badge admin-badge--pending">Hidden</span>}
          {parent.is_header_menu && <span className="admin-badge admin-badge--paid">Menu</span>}
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={parent.name}
            first={index === 0}
            last={index === siblings.length - 1}
            onMove={(step) =>
              call("/api/admin/categories/reorder", "POST", { parent_id: null, ids: moved(siblings, parent.id, step) })
            }
          />
          <ItemButton
            label="Edit"
            name={parent.name}
            onClick={() => setEditor({ kind: "category", parentId: 0, categoryId: parent.id })}
          />
          <ItemButton
            label="Add artefact to"
            name={parent.name}
            onClick={() => setEditor({ kind: "category", parentId: parent.id, categoryId: null })}
          />
          <ItemButton label="Delete" name={parent.name} onClick={() => remove(`/api/admin/categories/${parent.id}`)} />
        </span>
      </div>
      {parent.artefacts.length > 0 && (
        <ol className="admin-tree__list admin-tree__list--nested">
          {parent.artefacts.map((artefact) => (
            <ArtefactItem
              key={artefact.id}
              artefact={artefact}
              siblings={parent.artefacts}
              parentId={parent.id}
              {...props}
            />
          ))}
        </ol>
      )}
    </li>
  );
}

function ArtefactItem({
  artefact,
  siblings,
  parentId,
  ...props
}: ItemProps & { artefact: AdminArtefactNode; siblings: AdminArtefactNode[]; parentId: number }) {
  const { setEditor, call, remove, currency } = props;
  const index = siblings.indexOf(artefact);
  const contentRows = (contents: AdminContentSummary[]) =>
    contents.map((content, i) => (
      <li key={content.id} className="admin-tree__row admin-tree__row--content">
        <span className="admin-tree__name">
          {content.title}
          <span className="admin-muted"> · {content.media.length} media</span>
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={content.title}
            first={i === 0}
            last={i === contents.length - 1}
            onMove={(step) =>
              call(`/api/admin/categories/${artefact.id}/contents/reorder`, "POST", {
                ids: moved(contents, content.id, step),
              })
            }
          />
          <ItemButton
            label="Edit"
            name={content.title}
            onClick={() =>
              setEditor({ kind: "content", artefactId: artefact.id, contentId: content.id, groupId: content.group_id })
            }
          />
          <ItemButton label="Delete" name={content.title} onClick={() => remove(`/api/admin/contents/${content.id}`)} />
        </span>
      </li>
    ));
  return (
    <li className="admin-tree__artefact">
      <div className="admin-tree__row">
        <span className="admin-tree__name">
          <span aria-hidden="true">{artefact.icon}</span> <strong>{artefact.name}</strong>{" "}
          <span className="admin-muted">
            /{artefact.slug} · {formatMoney(artefact.price, currency)}
          </span>
          {artefact.hidden && <span className="admin-badge admin-badge--pending">Hidden</span>}
          {artefact.sold && <span className="admin-badge admin-badge--paid">Sold</span>}
        </span>
        <span className="admin-tree__tools">
          <MoveButtons
            name={artefact.name}
            first={index === 0}
            last={index === siblings.length - 1}
            onMove={(step) =>
              call("/api/admin/categories/reorder", "POST", {
                parent_id: parentId,
                ids: moved(siblings, artefact.id, step),
              })
            }
          />
          <ItemButton
            label="Edit"
            name={artefact.name}
            onClick={() => setEditor({ kind: "category", parentId, categoryId: artefact.id })}
          />
          <ItemButton
            label="Add group to"
            name={artefact.name}
            onClick={() => setEditor({ kind: "group", artefactId: artefact.id, group: null })}
          />
          <ItemButton
            label="Add content to"
            name={artefact.name}
            onClick={() => setEditor({ kind: "content", artefactId: artefact.id, contentId: null, groupId: null })}
          />
          <ItemButton
            label="Delete"
            name={artefact.name}
            onClick={() => remove(`/api/admin/categories/${artefact.id}`)}
          />
        </span>
      </div>
      <ol className="admin-tree__list admin-tree__list--nested">
        {artefact.groups.map((group, i) => (
          <li key={group.id} className="admin-tree__group">
            <div className="admin-tree__row">
              <span className="admin-tree__name">
                Group: {group.name} <span className="admin-muted">· {formatMoney(group.price, currency)}</span>
              </span>
              <span className="admin-tree__tools">
                <MoveButtons
                  name={group.name}
                  first={i === 0}
                  last={i === artefact.groups.length - 1}
                  onMove={(step) =>
                    call(`/api/admin/categories/${artefact.id}/groups/reorder`, "POST", {
                      ids: moved(artefact.groups, group.id, step),
                    })
                  }
                />
                <ItemButton
                  label="Edit"
                  name={`group ${group.name}`}
                  onClick={() => setEditor({ kind: "group", artefactId: artefact.id, group })}
                />
                <ItemButton
                  label="Add content to"
                  name={`group ${group.name}`}
                  onClick={() =>
                    setEditor({ kind: "content", artefactId: artefact.id, contentId: null, groupId: group.id })
                  }
                />
                <ItemButton
                  label="Delete"
                  name={`group ${group.name}`}
                  onClick={() => remove(`/api/admin/groups/${group.id}`)}
                />
              </span>
            </div>
            {group.contents.length > 0 && (
              <ol className="admin-tree__list admin-tree__list--nested">{contentRows(group.contents)}</ol>
            )}
          </li>
        ))}
        {contentRows(artefact.contents)}
      </ol>
    </li>
  );
}

function ImportForm({ onImported }: { onImported: () => Promise<void> }) {
  const toast = useToast();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) {
      toast.error("Choose a catalogue file.");
      return;
    }
    if (!confirmAction("Importing replaces the whole catalogue. Are you sure?")) return;
    const data = new FormData();
    data.append("file", file, file.name);
    setBusy(true);
    const result = await adminCall<{ line?: number; reason?: string }>("/api/admin/catalogue/import", {
      form: data,
      notify: toast,
    });
    setBusy(false);
    if (result.ok) {
      setProblem(null);
      form.reset();
      await onImported();
    } else {
      const where = result.body?.line ? ` (line ${result.body.line})` : "";
      setProblem(`${result.message}${where}${result.body?.reason ? `: ${result.body.reason}` : ""}`);
    }
  };

  return (
    <details className="admin-import">
      <summary>Import a catalogue file</summary>
      <form onSubmit={submit} className="admin-upload">
        <label htmlFor={`${id}-file`} className="admin-label">
          Catalogue file (JSON, as exported)
        </label>
        <input id={`${id}-file`} name="file" type="file" accept="application/json,.json" className="admin-file" />
        <button type="submit" className="button button--small" disabled={busy}>
          Import
        </button>
      </form>
      {problem && (
        <p className="admin-error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
