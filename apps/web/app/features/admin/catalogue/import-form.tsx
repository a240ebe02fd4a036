import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "../../../lib/i18n";
import { useConfirm } from "../../confirm/confirm-dialog";
import { useToast } from "../../toast/toast-context";
import { useSendFiles } from "./send-files";

/**
 * Replaces the whole catalogue from a file: sent to /api/admin as a stream,
 * since the file's media may be far larger than a page's form post. Without
 * JavaScript the browser posts the form there itself (a box to tick stands for
 * the confirmation prompt) and is sent back here with the outcome.
 */
export function ImportForm() {
  const toast = useToast();
  // A refusal is said once, under the form (it stays while the operator fixes the file), not also in a toast.
  const send = useSendFiles({ inlineRefusal: true });
  const id = useId();
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const t = useT();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) {
      toast.error("Choose a catalogue file.");
      return;
    }
    const asked = {
      question: t("Importing replaces the whole catalogue. Are you sure?"),
      detail: file.name,
      confirmLabel: t("Import"),
    };
    if (!(await confirm(asked))) return;
    const data = new FormData();
    data.append("file", file, file.name);
    setBusy(true);
    setProblem(null);
    const result = await send("/api/admin/catalogue/import", data);
    setBusy(false);
    if (result.ok) {
      form.reset();
      await revalidator.revalidate();
    } else {
      // The server's one sentence, in the page's language: what is wrong with the file (its line), and that nothing changed.
      setProblem(result.message);
    }
  };

  return (
    <details className="admin-import">
      <summary>{t("Import a catalogue file")}</summary>
      <form
        onSubmit={submit}
        className="admin-upload"
        method="post"
        encType="multipart/form-data"
        action="/api/admin/catalogue/import"
      >
        <label htmlFor={`${id}-file`} className="admin-label">
          {t("Catalogue file (JSON, as exported)")}
        </label>
        <input id={`${id}-file`} name="file" type="file" accept="application/json,.json" className="admin-file" />
        <noscript>
          <label className="admin-check">
            <input type="checkbox" name="replace" required />{" "}
            {t("I understand that importing replaces the whole catalogue.")}
          </label>
        </noscript>
        <button type="submit" className="button button--small" disabled={busy}>
          {t("Import")}
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
