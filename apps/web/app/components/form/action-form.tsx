import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type NavigateOptions, useActionData, useFetcher, useParams } from "react-router";
import type { z } from "zod";
import { REDIRECT_DELAY_MS, useRedirectAfter } from "../../features/auth/use-redirect-after";
import { useToast } from "../../features/toast/toast-context";
import { type FieldErrors, type FormPhase, type SubmitHelpers, useSchemaForm } from "../../hooks/use-schema-form";
import type { DataOf, OperationName } from "../../lib/form-route";
import { useT } from "../../lib/i18n";
import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

type Outcome<D> = ActionOutcome<D> | ActionOutcome<never>;

/** What the fields of a form are drawn from. */
interface FormState {
  errors: FieldErrors;
  /** Whether the learner has tried to submit (the reset checklist then shows unmet rules as errors). */
  submitted: boolean;
}

/** Where the page goes after a success, once its message has had time to be read (SPEC.md section 9). */
interface Leave {
  to: string;
  /** By default the 3 s of registration, forgot and reset password. */
  delayMs?: number;
  options?: NavigateOptions;
}

interface ActionFormProps<N extends OperationName, S extends z.ZodType> {
  /** The route's definition (lib/form-route.ts): its schema, and the address parameters it checks. */
  route: { operation: N; schema: S; params?: readonly string[] | undefined };
  submitLabel: string;
  /** Shown while the request is on its way, e.g. 'Signing in…'. */
  busyLabel: string;
  /** As useSchemaForm's: messages on submit, or live as each field is typed in. */
  mode?: "submit" | "live";
  /** An account panel's form, named so: wide, its button at the end in a row of actions. */
  panel?: string;
  /** Above the form's notice (the reset screen's block for an expired link). */
  before?: (state: FormState) => ReactNode;
  /** After a success (its message already a toast): where to go next, if anywhere. */
  onSuccess?: (data: DataOf<N>, values: z.output<S>) => Leave | undefined;
  /** After a refusal, once its field messages are shown and the first one focused. */
  onRefused?: (outcome: Extract<Outcome<never>, { ok: false }>, form: HTMLFormElement) => void;
  children: (state: FormState) => ReactNode;
}

/**
 * The form of a form route: its fields, its messages and its submit button.
 * Without JavaScript it is a plain form post to the route's action, whose
 * answer (useActionData) puts the messages under the fields or above the
 * form. With JavaScript the fields are checked with the route's shared schema
 * first, then posted by a fetcher; its answer is shown as a toast, its field
 * messages under the fields, and a success may leave the page after a delay.
 */
export function ActionForm<N extends OperationName, S extends z.ZodType>(props: ActionFormProps<N, S>) {
  const { route, submitLabel, busyLabel, mode, panel, before, children } = props;
  const t = useT();
  const toast = useToast();
  const params = useParams();
  const redirectAfter = useRedirectAfter();
  const fetcher = useFetcher<Outcome<DataOf<N>>>();
  // A plain form post's answer (no JavaScript): its messages, rendered by the server.
  const answer = useActionData() as (Outcome<DataOf<N>> & { intent?: string }) | undefined;
  // Another form's answer on the same page (Settings' sign-in security forms name theirs) is not this one's.
  const posted = answer?.intent === undefined ? answer : undefined;
  /** The submission the fetcher's next answer belongs to. */
  const sent = useRef<{ values: z.output<S>; helpers: SubmitHelpers } | null>(null);
  // Sent, and the fetcher not yet seen busy (its state changes after the press's own render).
  const [waiting, setWaiting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const latest = useRef(props);
  latest.current = props;

  const {
    errors,
    phase: checking,
    submitted,
    formProps,
  } = useSchemaForm(route.schema, {
    mode,
    initialErrors: posted?.ok === false ? posted.errors : undefined,
    extra: () => Object.fromEntries((route.params ?? []).map((name) => [name, params[name]])),
    async onValid(values, helpers) {
      sent.current = { values, helpers };
      setWaiting(true);
      void fetcher.submit(helpers.form, { method: "post" });
      return undefined;
    },
  });

  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle") setWaiting(false);
  }, [state]);

  // The fetcher's answer: new data once it is idle again (the router has read the pages' data since).
  const answered = useRef(data);
  useEffect(() => {
    if (state !== "idle" || data === undefined || data === answered.current) return;
    answered.current = data;
    setWaiting(false);
    if (data.message) (data.ok ? toast.success : toast.error)(data.message);
    const submission = sent.current;
    if (!submission) return;
    const { onSuccess, onRefused } = latest.current;
    if (!data.ok) {
      submission.helpers.showErrors(data.errors);
      onRefused?.(data, submission.helpers.form);
      return;
    }
    const leave = onSuccess?.(data.data, submission.values);
    if (!leave) return;
    setLeaving(true);
    redirectAfter(leave.to, leave.delayMs ?? REDIRECT_DELAY_MS.other, leave.options);
  }, [state, data, toast, redirectAfter]);

  const phase: FormPhase = leaving ? "done" : waiting || state !== "idle" ? "sending" : checking;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (phase === "idle") return formProps.onSubmit(event);
    // Checked, sent or about to leave: a second press sends nothing (SPEC.md section 4).
    event.preventDefault();
  };
  const button = (className?: string) => (
    <SubmitButton phase={phase} label={submitLabel} busyLabel={busyLabel} {...(className ? { className } : {})} />
  );

  return (
    <>
      {before?.({ errors, submitted })}
      <FormNotice outcome={posted} />
      <form
        className={panel ? "form form--wide" : "form"}
        aria-label={panel ? t(panel) : undefined}
        {...formProps}
        onSubmit={onSubmit}
      >
        {children({ errors, submitted })}
        {panel ? <div className="form__actions">{button("button")}</div> : button()}
      </form>
    </>
  );
}
