import type { AdminArtefactNode, AdminContent, AdminParentNode } from "@skillshelf/shared/admin-forms.ts";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useToast } from "../../toast/toast-context";
import { adminCall, confirmAction } from "../admin-api";
import { AdminLoading } from "../components/admin-bits";
import { SelectInput, TextInput } from "./fields";

interface ContentFields {
  slug: string;
  title: string;
  short_description: string;
  description: string;
  group_id: string;
  meta_title: string;
  meta_description: string;
}

const blank = (groupId: number | null): ContentFields => ({
  slug: "",
  title: "",
  short_description: "",
  description: "",
  group_id: groupId ? String(groupId) : "",
  meta_title: "",
  meta_description: "",
});

/**
 * Creates a content under an artefact, or edits one: its fields, the article
 * (HTML, sanitized by the server, with a preview), its media and its related
 * contents. A new content gets media and related contents once saved.
 */
export function ContentEditor({
  contentId,
  artefact,
  groupId,
  tree,
  onSaved,
  onCancel,
}: {
  /** The content to edit; null to create one. */
  contentId: number | null;
  artefact: AdminArtefactNode;
  /** The group a new content starts in. */
  groupId: number | null;
  tree: AdminParentNode[];
  /** After any change; with the content's id after creating it. */
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const [content, setContent] = useState<AdminContent | null>(null);
  const [fields, setFields] = useState<ContentFields>(blank(groupId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (contentId === null) return;
    const result = await adminCall<{ data: AdminContent }>(`/api/admin/contents/${contentId}`, { notify: toast });
    if (!result.ok || !result.body) return;
    const c = result.body.data;
    setContent(c);
    setFields({
      slug: c.slug,
      title: c.title,
      short_description: c.short_description,
      description: c.description,
      group_id: c.group_id ? String(c.group_id) : "",
      meta_title: c.meta_title ?? "",
      meta_description: c.meta_description ?? "",
    });
  }, [contentId, toast]);
  useEffect(() => {
    void load();
  }, [load]);

  const set = (name: keyof ContentFields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const body = { ...fields, group_id: fields.group_id ? Number(fields.group_id) : null };
    const result = await adminCall<{ data: AdminContent }>(
      contentId === null ? `/api/admin/categories/${artefact.id}/contents` : `/api/admin/contents/${contentId}`,
      { method: contentId === null ? "POST" : "PATCH", body, notify: toast },
    );
    setBusy(false);
    setErrors(result.body?.errors ?? {});
    if (result.ok && result.body) {
      // The stored (sanitized) article replaces what was typed.
      setFields((f) => ({ ...f, description: result.body?.data.description ?? f.description }));
      onSaved(result.body.data.id);
    }
  };

  const showPreview = async () => {
    const result = await adminCall<{ data: { html: string } }>("/api/admin/preview", {
      method: "POST",
      body: { html: fields.description },
      notify: toast,
      quiet: true,
    });
    if (result.ok && result.body) setPreview(result.body.data.html);
  };

  if (contentId !== null && !content) return <AdminLoading label="Loading the content…" />;
  const groups = [
    { value: "", label: "No group" },
    ...artefact.groups.map((g) => ({ value: String(g.id), label: g.name })),
  ];

  return (
    <div className="admin-editor">
      <form
        className="admin-form"
        onSubmit={submit}
        noValidate
        aria-label={content ? `Edit ${content.title}` : "New content"}
      >
        <h2 className="admin-subtitle">
          {content ? `Edit content: ${content.title}` : `New content in ${artefact.name}`}
        </h2>
        <div className="admin-form__grid">
          <TextInput label="Title" required value={fields.title} onChange={set("title")} error={errors.title} />
          <TextInput
            label="Slug"
            required
            value={fields.slug}
            onChange={set("slug")}
            error={errors.slug}
            hint={`Its address: /${artefact.slug}/slug`}
          />
          <SelectInput label="Group" value={fields.group_id} onChange={set("group_id")} options={groups} />
          <TextInput
            label="Short description"
            multiline
            value={fields.short_description}
            onChange={set("short_description")}
            error={errors.short_description}
          />
          <TextInput
            label="Meta title"
            value={fields.meta_title}
            onChange={set("meta_title")}
            error={errors.meta_title}
          />
          <TextInput
            label="Meta description"
            multiline
            value={fields.meta_description}
            onChange={set("meta_description")}
            error={errors.meta_description}
          />
        </div>
        <TextInput
          label="Article body (HTML)"
          multiline
          rows={10}
          mono
          value={fields.description}
          onChange={set("description")}
          error={errors.description}
          hint="Scripts, styles and unknown tags are removed when saved."
        />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {content ? "Save content" : "Create content"}
          </button>
          <button type="button" className="button button--outline" onClick={showPreview}>
            Preview
          </button>
          <button type="button" className="button button--outline" onClick={onCancel}>
            Close
          </button>
        </div>
      </form>
      {preview !== null && (
        <section className="admin-preview" aria-labelledby="admin-preview-title">
          <h3 id="admin-preview-title">Preview</h3>
          {/* The server's sanitizer produced this HTML: it is what the article page shows. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by POST /api/admin/preview */}
          <div className="admin-preview__body prose" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
      {content && (
        <>
          <MediaManager content={content} onChanged={load} />
          <RelatedPicker content={content} tree={tree} onChanged={load} />
        </>
      )}
    </div>
  );
}

function MediaManager({ content, onChanged }: { content: AdminContent; onChanged: () => Promise<void> }) {
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("files") as HTMLInputElement;
    if (!input.files || input.files.length === 0) {
      toast.error("Choose at least one image or PDF.");
      return;
    }
    const data = new FormData();
    for (const file of input.files) data.append("files", file, file.name);
    setBusy(true);
    const result = await adminCall(`/api/admin/contents/${content.id}/media`, { form: data, notify: toast });
    setBusy(false);
    if (result.ok) {
      form.reset();
      await onChanged();
    }
  };

  const remove = async (mediaId: number) => {
    if (!confirmAction("Are you sure you want to delete this item?")) return;
    const result = await adminCall(`/api/admin/media/${mediaId}`, { method: "DELETE", notify: toast });
    if (result.ok) await onChanged();
  };

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Images and PDFs</h3>
      {content.media.length === 0 ? (
        <p className="admin-muted">No media yet.</p>
      ) : (
        <ul className="admin-media">
          {content.media.map((m) => (
            <li key={m.id}>
              <a href={`/api/admin/media/${m.id}`} target="_blank" rel="noreferrer">
                {m.name}
              </a>{" "}
              <span className="admin-muted">
                {m.mimetype}, {Math.max(1, Math.round(m.size / 1024))} KB
              </span>
              <button
                type="button"
                className="button button--small button--outline"
                aria-label={`Remove ${m.name}`}
                onClick={() => remove(m.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-upload" onSubmit={upload}>
        <label htmlFor={`${id}-files`} className="admin-label">
          Upload images or PDFs
        </label>
        <input
          id={`${id}-files`}
          name="files"
          type="file"
          multiple
          accept="image/*,application/pdf"
          className="admin-file"
        />
        <button type="submit" className="button button--small" disabled={busy}>
          Upload
        </button>
      </form>
    </section>
  );
}

function RelatedPicker({
  content,
  tree,
  onChanged,
}: {
  content: AdminContent;
  tree: AdminParentNode[];
  onChanged: () => Promise<void>;
}) {
  const toast = useToast();
  const id = useId();
  const [selected, setSelected] = useState<string[]>(content.related.map((r) => String(r.id)));
  const options = tree.flatMap((parent) =>
    parent.artefacts.flatMap((artefact) =>
      [...artefact.groups.flatMap((g) => g.contents), ...artefact.contents]
        .filter((c) => c.id !== content.id)
        .map((c) => ({ value: String(c.id), label: `${artefact.name} › ${c.title}` })),
    ),
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await adminCall(`/api/admin/contents/${content.id}/related`, {
      method: "PUT",
      body: { ids: selected.map(Number) },
      notify: toast,
    });
    if (result.ok) await onChanged();
  };

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Related content</h3>
      <form onSubmit={save} className="admin-form">
        <div className="admin-field">
          <label htmlFor={`${id}-select`} className="admin-label">
            Related contents (hold Ctrl or Cmd to choose several)
          </label>
          <select
            id={`${id}-select`}
            multiple
            size={8}
            className="admin-input"
            value={selected}
            onChange={(e) => setSelected(Array.from(e.target.selectedOptions, (o) => o.value))}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button--small">
            Save related
          </button>
        </div>
      </form>
    </section>
  );
}
