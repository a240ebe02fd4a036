import { validateForm } from "@skillshelf/shared/account-forms.ts";
import { type FormEvent, useRef, useState } from "react";
import type { z } from "zod";

/** SPEC.md section 4: the submit button comes back about 200 ms after a validation failure. */
const REENABLE_AFTER_INVALID_MS = 200;

export type FieldErrors = Record<string, string>;

/**
 * idle: ready; checking: validating (the button stays disabled ~200 ms on a
 * failure); sending: waiting for the server; done: succeeded and about to
 * leave the page, so the button stays disabled (no second account, no
 * second sign in while the redirect is pending).
 */
export type FormPhase = "idle" | "checking" | "sending" | "done";

export interface SubmitHelpers {
  form: HTMLFormElement;
  /** Shows the server's field messages (422 `errors`, 409 on the email) and moves focus to the first. */
  showErrors(errors: FieldErrors | undefined): void;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controls(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (el): el is Control =>
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
      el.name !== "",
  );
}

/**
 * A form's named controls: checkboxes as booleans, the rest as strings. The
 * inputs are uncontrolled, so anything typed before the page's script ran is
 * kept and read here.
 */
export function readForm(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const control of controls(form)) {
    values[control.name] =
      control instanceof HTMLInputElement && control.type === "checkbox" ? control.checked : control.value;
  }
  return values;
}

export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  controls(form)
    .find((control) => errors[control.name])
    ?.focus();
}

interface Options<T extends z.ZodType> {
  /**
   * submit: messages appear on submit, then follow every change.
   * live: each field is checked on every change once it has been typed in (the reset form).
   */
  mode?: "submit" | "live";
  /** Messages the server's render already shows (a plain form post's answer, without JavaScript). */
  initialErrors?: FieldErrors | undefined;
  /** Values the form does not hold (the reset token). */
  extra?: () => Record<string, unknown>;
  /** Called with the parsed values; resolve true when the page is about to leave (keep the button disabled). */
  onValid(data: z.output<T>, helpers: SubmitHelpers): Promise<boolean | undefined>;
}

/**
 * One account form checked with its shared zod schema: the same schema and
 * messages as the server (packages/shared/src/account-forms.ts).
 */
export function useSchemaForm<T extends z.ZodType>(schema: T, options: Options<T>) {
  const { mode = "submit" } = options;
  const [errors, setErrors] = useState<FieldErrors>(options.initialErrors ?? {});
  const [phase, setPhase] = useState<FormPhase>("idle");
  /** Whether the learner has tried to submit: the reset checklist then shows unmet rules as errors. */
  const [submitted, setSubmitted] = useState(false);
  const attempted = useRef(false);
  const dirty = useRef(new Set<string>());
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const check = (form: HTMLFormElement) => validateForm(schema, { ...readForm(form), ...optionsRef.current.extra?.() });

  const visible = (all: FieldErrors): FieldErrors =>
    attempted.current ? all : Object.fromEntries(Object.entries(all).filter(([field]) => dirty.current.has(field)));

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as Partial<Control>;
    if (target.name) dirty.current.add(target.name);
    if (!attempted.current && mode === "submit") return;
    const result = check(event.currentTarget);
    setErrors(result.ok ? {} : visible(result.errors));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== "idle") return;
    const form = event.currentTarget;
    attempted.current = true;
    setSubmitted(true);
    setPhase("checking");
    const result = check(form);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(form, result.errors);
      window.setTimeout(() => setPhase("idle"), REENABLE_AFTER_INVALID_MS);
      return;
    }
    setErrors({});
    setPhase("sending");
    const showErrors = (serverErrors: FieldErrors | undefined) => {
      if (!serverErrors) return;
      setErrors(serverErrors);
      focusFirstError(form, serverErrors);
    };
    let leaving: boolean | undefined;
    try {
      leaving = await optionsRef.current.onValid(result.data, { form, showErrors });
    } finally {
      setPhase(leaving ? "done" : "idle");
    }
  };

  /** Forget what was typed and shown (after a successful change of password). */
  const reset = () => {
    attempted.current = false;
    dirty.current.clear();
    setSubmitted(false);
    setErrors({});
  };

  return {
    errors,
    phase,
    submitted,
    reset,
    formProps: { onSubmit, onChange, noValidate: true, method: "post" as const },
  };
}
