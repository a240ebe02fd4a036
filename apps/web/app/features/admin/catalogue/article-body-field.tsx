import { lazy, Suspense, useId, useRef, useState } from "react";
import { useHydrated } from "../../../hooks/use-hydrated";
import { useT } from "../../../lib/i18n";
import { AdminLoading } from "../components/admin-bits";
import { FieldError } from "./fields";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** What the rich-text editor shows and writes back as it was; anything else is edited as HTML. */
const EDITABLE = new Set(
  "p h2 h3 h4 h5 h6 br hr blockquote pre code strong b em i u s a ul ol li table thead tbody tr th td".split(" "),
);

/** Whether the editor can show this HTML without losing markup (images, figures, definition lists... cannot). */
function editableAsRichText(html: string): boolean {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return Array.from(body.querySelectorAll("*")).every((element) => EDITABLE.has(element.localName));
}

/**
 * The article body: a textarea of HTML in the server's page (the form posts it
 * without JavaScript), enhanced after hydration into the rich-text editor,
 * which writes its HTML back into the textarea. "Edit HTML" shows the
 * textarea again, for markup the editor cannot represent; such a body opens as HTML.
 */
export function ArticleBodyField({ defaultValue, error }: { defaultValue: string; error?: string | undefined }) {
  const id = useId();
  const hydrated = useHydrated();
  const t = useT();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [chosen, setChosen] = useState<"rich" | "html" | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const mode = !hydrated ? "html" : (chosen ?? (editableAsRichText(defaultValue) ? "rich" : "html"));

  const toggle = () => {
    if (mode === "rich") {
      setChosen("html");
      setNote(null);
      return;
    }
    const html = textarea.current?.value ?? "";
    if (!editableAsRichText(html)) {
      setNote(t("This HTML has markup the rich-text editor cannot show (images, figures, ...): edit it as HTML."));
      return;
    }
    setChosen("rich");
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : "", note ? `${id}-note` : ""].filter(Boolean).join(" ");

  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label" hidden={mode === "rich"}>
        {t("Article body (HTML)")}
      </label>
      {mode === "rich" && (
        <Suspense fallback={<AdminLoading label="Loading the editor…" />}>
          <RichTextEditor
            initial={textarea.current?.value ?? defaultValue}
            onChange={(html) => {
              if (textarea.current) textarea.current.value = html;
            }}
          />
        </Suspense>
      )}
      <textarea
        ref={textarea}
        id={id}
        name="description"
        rows={10}
        className="admin-input admin-mono admin-body-html"
        defaultValue={defaultValue}
        hidden={mode === "rich"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hydrated && (
        <button type="button" className="button button--small button--outline admin-rich__switch" onClick={toggle}>
          {mode === "rich" ? t("Edit HTML") : t("Rich-text editor")}
        </button>
      )}
      <p id={`${id}-hint`} className="admin-hint">
        {t("Scripts, styles and unknown tags are removed when saved.")}
      </p>
      {note && (
        <p id={`${id}-note`} className="admin-hint" role="status">
          {note}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
