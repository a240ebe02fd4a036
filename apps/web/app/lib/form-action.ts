import { validateForm } from "@skillshelf/shared/account-forms.ts";
import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { templatesOf, translateMessage } from "@skillshelf/shared/i18n/translate-message.ts";
import { data, redirect } from "react-router";
import type { z } from "zod";
import type { PageContext } from "../load-context";
import { translatorOf } from "./i18n";

/**
 * A posted form's fields as the shared schemas read them: text as strings,
 * the named checkboxes as booleans (a browser sends a ticked box as 'on' and
 * leaves an unticked one out).
 */
export function formValues(form: FormData, checkboxes: readonly string[] = []): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const [name, value] of form) {
    if (typeof value === "string") values[name] = value;
  }
  for (const name of checkboxes) values[name] = form.has(name);
  return values;
}

interface CheckOptions {
  checkboxes?: readonly string[];
  /** Values the form does not hold (the reset token from the address). */
  extra?: Record<string, unknown>;
}

/** Reads and checks a form post with its shared schema; a failure is already the outcome to answer. */
export async function parseFormPost<T extends z.ZodType>(request: Request, schema: T, options: CheckOptions = {}) {
  return checkForm(await request.formData(), schema, options);
}

/** Checks posted fields with their shared schema; a failure is already the outcome to answer (422). */
export function checkForm<T extends z.ZodType>(
  form: FormData,
  schema: T,
  options: CheckOptions = {},
): { ok: true; data: z.output<T> } | { ok: false; outcome: ActionOutcome<never> } {
  const values = { ...formValues(form, options.checkboxes), ...options.extra };
  const result = validateForm(schema, values);
  if (result.ok) return result;
  const message = Object.values(result.errors)[0] ?? GENERIC_ERROR;
  return { ok: false, outcome: { ok: false, status: 422, message, errors: result.errors } };
}

/**
 * A form action's answer. The app's own submission (JavaScript) gets the
 * outcome as data and shows it as the SPEC says (toast, delayed redirect); a
 * browser's plain form post is sent on with a 303 on success, or gets the page
 * again, with the outcome's messages, under the outcome's status.
 */
export function answerForm<T>(store: PageContext, outcome: ActionOutcome<T>, successTo: string) {
  if (outcome.ok && !store.dataRequest) return redirect(successTo, 303);
  return data(inPageLanguage(store, outcome), { status: outcome.ok ? 200 : outcome.status });
}

/**
 * An action's outcome with its messages in the page's language, written here on the server:
 * the steps answer in English (as the API does), and the page shows what it gets, so no page's
 * JavaScript needs to find a message's values back in its English text (translate-message.ts).
 */
export function inPageLanguage<O extends ActionOutcome<unknown>>(store: PageContext, outcome: O): O {
  if (store.i18n.language === "en") return outcome;
  const translator = translatorOf(store.i18n);
  const templates = templatesOf(store.i18n.resources);
  const translate = (message: string) => translateMessage(translator.language, translator.t, templates, message);
  const errors =
    !outcome.ok && outcome.errors
      ? Object.fromEntries(Object.entries(outcome.errors).map(([field, message]) => [field, translate(message)]))
      : undefined;
  return { ...outcome, message: translate(outcome.message), ...(errors ? { errors } : {}) };
}

/** The page a form was posted from, as a path and query: where a plain form post goes back to (without React Router's ?index). */
export function pageUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("index");
  return params.size ? `${url.pathname}?${params}` : url.pathname;
}
