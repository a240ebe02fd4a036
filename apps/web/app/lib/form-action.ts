import { validateForm } from "@skillshelf/shared/account-forms.ts";
import type { ActionOutcome, ActionResult } from "@skillshelf/shared/api.ts";
import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { english, inLanguage, type Message, messageOfIssue } from "@skillshelf/shared/i18n/message.ts";
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
): { ok: true; data: z.output<T> } | { ok: false; outcome: ActionResult<never> } {
  const values = { ...formValues(form, options.checkboxes), ...options.extra };
  const result = validateForm(schema, values);
  if (result.ok) return result;
  return { ok: false, outcome: refusedForm(result.errors) };
}

/**
 * A form the shared schema refused (422): its first field's message, and each field's. The schemas'
 * messages are issue texts (i18n/message.ts issueText): a key, or a key with its values.
 */
export function refusedForm(errors: Record<string, string>, message?: string): ActionResult<never> {
  const fields = Object.entries(errors).map(([field, text]) => [field, messageOfIssue(text)]);
  return {
    ok: false,
    status: 422,
    message: messageOfIssue(message ?? Object.values(errors)[0] ?? GENERIC_ERROR),
    ...(fields.length ? { errors: Object.fromEntries(fields) } : {}),
  };
}

/**
 * A form action's answer. The app's own submission (JavaScript) gets the
 * outcome as data and shows it as the SPEC says (toast, delayed redirect); a
 * browser's plain form post is sent on with a 303 on success, or gets the page
 * again, with the outcome's messages, under the outcome's status.
 */
export function answerForm<T>(store: PageContext, outcome: ActionResult<T>, successTo: string | ((data: T) => string)) {
  if (outcome.ok && !store.dataRequest) {
    return redirect(typeof successTo === "string" ? successTo : successTo(outcome.data), 303);
  }
  return data(inPageLanguage(store, outcome), { status: outcome.ok ? 200 : outcome.status });
}

/**
 * An action's result with its messages in the page's language, written here on the server from
 * their keys and values (i18n/message.ts): no English is read back, and no page's JavaScript needs
 * the catalogue's keys to find a message's values.
 */
export function inPageLanguage<T>(
  store: PageContext,
  result: Extract<ActionResult<T>, { ok: true }>,
): Extract<ActionOutcome<T>, { ok: true }>;
export function inPageLanguage<T>(
  store: PageContext,
  result: Extract<ActionResult<T>, { ok: false }>,
): Extract<ActionOutcome<T>, { ok: false }>;
export function inPageLanguage<T>(store: PageContext, result: ActionResult<T>): ActionOutcome<T>;
export function inPageLanguage<T>(store: PageContext, result: ActionResult<T>): ActionOutcome<T> {
  const write = (message: Message) => pageMessage(store, message);
  if (result.ok) return { ok: true, message: write(result.message), data: result.data };
  const { status, errors } = result;
  return {
    ok: false,
    status,
    message: write(result.message),
    ...(errors
      ? { errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, write(message)])) }
      : {}),
  };
}

/** A message in the page's language, written on the server (see inPageLanguage). */
export function pageMessage(store: PageContext, message: Message): string {
  if (store.i18n.language === "en") return english(message);
  const translator = translatorOf(store.i18n);
  return inLanguage(translator.language, translator.t, message);
}

/** The page a form was posted from, as a path and query: where a plain form post goes back to (without React Router's ?index). */
export function pageUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("index");
  return params.size ? `${url.pathname}?${params}` : url.pathname;
}
