import {
  type AdminArtefactNode,
  type AdminContent,
  type AdminMedia,
  contentCreateSchema,
  contentUpdateSchema,
  relatedSchema,
} from "@skillshelf/shared/admin-forms.ts";
import type { AdminChoice } from "@skillshelf/shared/api.ts";
import { TRANSLATED_LANGUAGES } from "@skillshelf/shared/catalogue-translations.ts";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { useT } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";
import { adminCall } from "../admin-api";
import { AdminSearchForm } from "../components/admin-bits";
import { ChoiceChecklist } from "../components/choice-checklist";
import { useAdminForm } from "../use-admin-form";
import { ArticleBodyField } from "./article-body-field";
import { RELATED_SEARCH } from "./catalogue-intents";
import { CATALOGUE_PATH } from "./catalogue-url";
import { type PostedForm, postedTranslation } from "./editor-route";
import { SelectInput, SlugInput, TextInput, textOf } from "./fields";
import { useSendFiles } from "./send-files";
import { TranslationsForm } from "./translations-form";

const DELETE_PROMPT = "Are you sure you want to delete this item?";

/**
 * Creates a content under an artefact, or edits one: its fields, the article
 * (HTML, sanitized by the server, with a preview), its media and its related
 * contents. A new content gets media and related contents once saved.
 */
export function ContentEditor({
  content,
  artefact,
  groupId,
  related,
  posted,
  onSaved,
}: {
  /** The content to edit, as the loader read it; null to create one. */
  content: AdminContent | null;
  artefact: AdminArtefactNode;
  /** The group a new content starts in. */
  groupId: number | null;
  /** What the related picker offers: the content's related ones, then what the loader's search found. */
  related: AdminChoice[];
  posted?: PostedForm | undefined;
  /** After saving; with the content's id. */
  onSaved: (id: number) => void;
}) {
  const toast = useToast();
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  // Saved: the form starts again from what the server stored (the article as sanitized).
  const [version, setVersion] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const intent = content ? "content-update" : "content-create";
  const mine = posted?.intent === intent && (!content || posted.id === String(content.id)) ? posted : undefined;
  const { errors, busy, formProps } = useAdminForm<AdminContent>({
    schema: content ? contentUpdateSchema : contentCreateSchema,
    initialErrors: mine?.errors,
    onDone: (saved) => {
      setVersion((v) => v + 1);
      onSaved(saved.id);
    },
  });
  const text = (name: keyof AdminContent, stored: string | null | undefined) =>
    textOf(mine?.fields, name, stored ?? "");

  const showPreview = async () => {
    const html = form.current ? String(new FormData(form.current).get("description") ?? "") : "";
    const result = await adminCall<{ data: { html: string } }>("/api/admin/preview", {
      method: "POST",
      body: { html },
      // A refusal's message is a plain key (the schema's), which the toast writes in the page's language.
      notify: toast,
      quiet: true,
    });
    if (result.ok && result.body) setPreview(result.body.data.html);
  };

  const groups = [
    { value: "", label: t("No group") },
    ...artefact.groups.map((g) => ({ value: String(g.id), label: g.name })),
  ];

  return (
    <div className="admin-editor">
      <form
        key={version}
        ref={form}
        className="admin-form"
        {...formProps}
        aria-label={content ? t("Edit {{name}}", { name: content.title }) : t("New content")}
      >
        <h2 className="admin-subtitle">
          {content
            ? t("Edit content: {{title}}", { title: content.title })
            : t("New content in {{name}}", { name: artefact.name })}
        </h2>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={content ? content.id : artefact.id} />
        <div className="admin-form__grid">
          <TextInput
            label="Title"
            name="title"
            required
            defaultValue={text("title", content?.title)}
            error={errors.title}
          />
          <SlugInput prefix={`/${artefact.slug}/`} defaultValue={text("slug", content?.slug)} error={errors.slug} />
          <SelectInput
            label="Group"
            name="group_id"
            defaultValue={text("group_id", content ? String(content.group_id ?? "") : String(groupId ?? ""))}
            options={groups}
            error={errors.group_id}
          />
          <TextInput
            label="Short description"
            name="short_description"
            multiline
            defaultValue={text("short_description", content?.short_description)}
            error={errors.short_description}
          />
          <TextInput
            label="Meta title"
            name="meta_title"
            defaultValue={text("meta_title", content?.meta_title)}
            error={errors.meta_title}
          />
          <TextInput
            label="Meta description"
            name="meta_description"
            multiline
            defaultValue={text("meta_description", content?.meta_description)}
            error={errors.meta_description}
          />
        </div>
        <ArticleBodyField defaultValue={text("description", content?.description)} error={errors.description} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {content ? t("Save content") : t("Create content")}
          </button>
          <button type="button" className="button button--outline" onClick={showPreview}>
            {t("Preview")}
          </button>
          <Link to={CATALOGUE_PATH} className="button button--outline">
            {t("Close")}
          </Link>
        </div>
      </form>
      {preview !== null && (
        <section className="admin-preview" aria-labelledby="admin-preview-title">
          <h3 id="admin-preview-title">{t("Preview")}</h3>
          {/* The server's sanitizer produced this HTML: it is what the article page shows. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by POST /api/admin/preview */}
          <div className="admin-preview__body prose" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
      {content && (
        <>
          <MediaManager content={content} posted={posted} />
          <RelatedPicker content={content} choices={related} />
        </>
      )}
    </div>
  );
}

function MediaManager({ content, posted }: { content: AdminContent; posted: PostedForm | undefined }) {
  const toast = useToast();
  const send = useSendFiles();
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const remove = useAdminForm({ confirm: () => DELETE_PROMPT });

  // Files go to /api/admin as a multipart stream, straight into the media storage: they may be far larger than a page's
  // form post. Without JavaScript the browser posts the form there itself, and is sent back here with the outcome.
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
    const result = await send(`/api/admin/contents/${content.id}/media`, data);
    setBusy(false);
    if (result.ok) {
      form.reset();
      await revalidator.revalidate();
    }
  };

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("Images and PDFs")}</h3>
      {content.media.length === 0 ? (
        <p className="admin-muted">{t("No media yet.")}</p>
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
              <form className="admin-inline-form" data-confirm-detail={m.name} {...remove.formProps}>
                <input type="hidden" name="intent" value="media-delete" />
                <input type="hidden" name="id" value={m.id} />
                <button
                  type="submit"
                  className="button button--small button--outline"
                  aria-label={t("Remove {{name}}", { name: m.name })}
                  disabled={remove.busy}
                >
                  {t("Remove")}
                </button>
              </form>
              <MediaCaption media={m} posted={postedTranslation(posted, "media", m.id)} />
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-upload"
        method="post"
        encType="multipart/form-data"
        action={`/api/admin/contents/${content.id}/media`}
        onSubmit={upload}
      >
        <label htmlFor={`${id}-files`} className="admin-label">
          {t("Upload images or PDFs")}
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
          {t("Upload")}
        </button>
      </form>
    </section>
  );
}

/**
 * A media file's caption in Spanish and French, folded away under its row (open when its plain post failed):
 * the article page links the file by its caption in the page's language.
 */
function MediaCaption({ media, posted }: { media: AdminMedia; posted: PostedForm | undefined }) {
  const t = useT();
  const missing = TRANSLATED_LANGUAGES.some((language) => !media.translations[language]?.name);
  return (
    <details className="admin-media__caption" open={posted !== undefined}>
      <summary>{missing ? t("Translate the caption") : t("Caption translated")}</summary>
      <TranslationsForm
        kind="media"
        id={media.id}
        english={{ name: media.name }}
        translations={media.translations}
        posted={posted}
        title="Caption translations"
      />
    </details>
  );
}

/** The related form's input as its schema reads it: every chosen id. */
const relatedInput = (form: HTMLFormElement) => ({ ids: new FormData(form).getAll("ids").map(Number) });

function RelatedPicker({ content, choices }: { content: AdminContent; choices: AdminChoice[] }) {
  const id = useId();
  const t = useT();
  const { errors, busy, formProps } = useAdminForm({ schema: relatedSchema, read: relatedInput });

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("Related content")}</h3>
      <AdminSearchForm id={RELATED_SEARCH_FORM} name={RELATED_SEARCH} />
      <form {...formProps} className="admin-form">
        <input type="hidden" name="intent" value="related" />
        <input type="hidden" name="id" value={content.id} />
        <ChoiceChecklist
          id={`${id}-related`}
          legend="Related contents"
          name="ids"
          // The related ones first (they stay chosen whatever the search shows), then what the search found.
          chosen={content.related.map((r) => r.id)}
          choices={choices}
          hint="Readers see them beside the article."
          empty="No contents found."
          error={errors.ids}
          search={{
            form: RELATED_SEARCH_FORM,
            name: RELATED_SEARCH,
            label: "Find content by title",
            placeholder: "Name or title",
            hint: "Without a search, the list shows this artefact's contents.",
          }}
        />
        <div className="admin-actions">
          <button type="submit" className="button button--small" disabled={busy}>
            {t("Save related")}
          </button>
        </div>
      </form>
    </section>
  );
}

const RELATED_SEARCH_FORM = "content-related-search";
