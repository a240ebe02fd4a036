import { validateForm } from "@skillshelf/shared/account-forms.ts";
import { adminFormInput } from "@skillshelf/shared/admin-forms.ts";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { useActionSubmit } from "../../hooks/use-action-submit";
import { type FieldErrors, focusFirstError, readForm } from "../../hooks/use-schema-form";
import { useMessage, useT } from "../../lib/i18n";
import { useConfirm } from "../confirm/confirm-dialog";
import { useToast } from "../toast/toast-context";

interface Options<T> {
  /** The form's shared schema (admin-forms.ts): checked here before anything is sent, as the server checks it. */
  schema?: z.ZodType;
  /** The form's input for the schema, when it is not its fields as text (a multiple choice). */
  read?: (form: HTMLFormElement) => unknown;
  /**
   * The confirmation prompt to ask first (SPEC.md section 8), if any, for the form being sent; the
   * dialog names what it acts on with the form's data-confirm-detail, and its button says what the
   * pressed button does.
   */
  confirm?: (form: HTMLFormElement) => string | undefined;
  /** Messages a plain form post's answer already shows (without JavaScript). */
  initialErrors?: FieldErrors | undefined;
  /** After the action succeeded (the page's data is reloaded by then). */
  onDone?: (data: T, form: HTMLFormElement) => void | Promise<void>;
}

/**
 * One admin form: a plain form post to its route's action without
 * JavaScript; with it, checked with its shared schema (messages under the
 * fields, no round-trip), confirmed when it asks, and sent to the same
 * action by a fetcher, whose answer shows as a toast (the API's messages).
 */
export function useAdminForm<T = null>(options: Options<T> = {}) {
  const toast = useToast();
  const t = useT();
  const message = useMessage();
  const send = useActionSubmit<T>(toast);
  const confirm = useConfirm();
  const [errors, setErrors] = useState<FieldErrors>(options.initialErrors ?? {});
  // The form being sent, if any: its buttons are disabled meanwhile.
  const [sending, setSending] = useState<HTMLFormElement | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    if (options.schema) {
      const input = options.read ? options.read(form) : adminFormInput(readForm(form));
      const checked = validateForm(options.schema, input);
      if (!checked.ok) {
        // The schema's issue texts (keys, with any values), in the operator's language as the action's are.
        const errors = Object.fromEntries(
          Object.entries(checked.errors).map(([field, text]) => [field, message(text)]),
        );
        setErrors(errors);
        focusFirstError(form, errors);
        return;
      }
    }
    const prompt = options.confirm?.(form);
    // The prompts are SPEC.md's English texts, asked in the operator's language.
    if (prompt) {
      const pressed = (event.nativeEvent as SubmitEvent).submitter?.textContent?.trim();
      const asked = { question: t(prompt), detail: form.dataset.confirmDetail, confirmLabel: pressed || t("OK") };
      if (!(await confirm(asked))) return;
    }
    setErrors({});
    setSending(form);
    try {
      const outcome = await send(new FormData(form));
      if (outcome.ok) await options.onDone?.(outcome.data, form);
      else {
        setErrors(outcome.errors ?? {});
        if (outcome.errors) focusFirstError(form, outcome.errors);
      }
    } finally {
      setSending(null);
    }
  };

  return {
    errors,
    busy: sending !== null,
    sending,
    formProps: { method: "post" as const, noValidate: true, onSubmit },
  };
}
