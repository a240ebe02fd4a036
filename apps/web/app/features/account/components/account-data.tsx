import { DELETION_MESSAGES, deletionRequestSchema, OWN_EVENT_LABELS } from "@skillshelf/shared/audit.ts";
import { useState } from "react";
import { PasswordField } from "../../../components/form/password-field";
import { SubmitButton } from "../../../components/form/submit-button";
import { Pager } from "../../../components/pager";
import { useActionSubmit } from "../../../hooks/use-action-submit";
import { type FieldErrors, useSchemaForm } from "../../../hooks/use-schema-form";
import { useT } from "../../../lib/i18n";
import { useConfirm } from "../../confirm/confirm-dialog";
import { useToast } from "../../toast/toast-context";

/** A security event as Settings shows it: its date written by the loader, in the learner's time zone. */
export interface ShownSecurityEvent {
  id: number;
  when: string;
  at: string;
  action: string;
  reason: string | null;
  ip: string | null;
}

/** The learner's own sign-ins, password and e-mail changes, newest first, a page at a time (?events=). */
export function SecurityEvents({
  events,
  prev,
  next,
}: {
  events: ShownSecurityEvent[];
  prev: string | null;
  next: string | null;
}) {
  const t = useT();
  return (
    <section className="card account-panel account-data" aria-labelledby="security-events-title">
      <h2 id="security-events-title" className="account-data__title">
        {t("Recent security events")}
      </h2>
      <p className="account-data__lead">
        {t(
          "Sign-ins and changes to your password and e-mail address. Anything you do not recognise? Change your password.",
        )}
      </p>
      {events.length === 0 ? (
        <p>{t("No security events yet.")}</p>
      ) : (
        <table className="account-data__table">
          <thead>
            <tr>
              <th scope="col">{t("When")}</th>
              <th scope="col">{t("What")}</th>
              <th scope="col">{t("From")}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-action={event.action}>
                <td>
                  <time dateTime={event.at}>{event.when}</time>
                </td>
                <td>{t(OWN_EVENT_LABELS[event.action] ?? event.action)}</td>
                <td>{event.ip ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager prev={prev} next={next} href={eventsHref} label={t("Security event pages")} />
    </section>
  );
}

const eventsHref = (cursor: string) => `/settings?events=${encodeURIComponent(cursor)}#security-events-title`;

/** "Download my data": a plain link to the API's file, with or without JavaScript. */
export function DownloadData() {
  const t = useT();
  return (
    <section className="card account-panel account-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="account-data__title">
        {t("Your data")}
      </h2>
      <p className="account-data__lead">
        {t(
          "One JSON file with everything Skillshelf holds about you: your profile and settings, orders, invoices, items, reading progress, notifications and security events.",
        )}
      </p>
      <a className="button button--outline" href="/api/my-data" download>
        {t("Download my data")}
      </a>
    </section>
  );
}

/**
 * "Delete my account": SPEC's confirmation, then a link mailed to the account. Without a sign-in
 * within 10 minutes the password is asked for again. Without JavaScript the form posts to the
 * Settings page's action (intent=delete) and the page comes back with its answer.
 */
export function DeleteAccount({ recent, postedErrors }: { recent: boolean; postedErrors?: FieldErrors | undefined }) {
  const t = useT();
  const toast = useToast();
  const confirm = useConfirm();
  const send = useActionSubmit(toast);
  const [askPassword, setAskPassword] = useState(!recent || Boolean(postedErrors?.password));
  const { errors, phase, formProps } = useSchemaForm(deletionRequestSchema, {
    initialErrors: postedErrors,
    async onValid(_data, { form, showErrors }) {
      const asked = { question: t(DELETION_MESSAGES.prompt), confirmLabel: t("Delete my account") };
      if (!(await confirm(asked))) return false;
      const result = await send(form);
      if (!result.ok) {
        showErrors(result.errors);
        if (result.errors?.password) setAskPassword(true);
        return false;
      }
      form.reset();
      return false;
    },
  });
  return (
    <section className="card account-panel account-data account-data--danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="account-data__title">
        {t("Delete my account")}
      </h2>
      <p className="account-data__lead">
        {t(
          "Your name, e-mail address, profile, reading progress and notifications are erased and you are signed out everywhere. Orders, invoices and credit notes are kept without your name, as the tax rules require.",
        )}
      </p>
      <form className="form form--narrow" aria-label={t("Delete my account")} {...formProps}>
        <input type="hidden" name="intent" value="delete" />
        {/* Without JavaScript, the page's own question (SPEC's prompt) is the confirmation. */}
        <p className="form__note">{t(DELETION_MESSAGES.prompt)}</p>
        {askPassword && <ReauthPasswordField error={errors.password} />}
        <div className="form__actions">
          <SubmitButton
            phase={phase}
            label="Send me the deletion link"
            busyLabel="Sending…"
            className="button button--danger"
          />
        </div>
      </form>
    </section>
  );
}

/** The password asked again before a deletion, when the last sign-in is older than 10 minutes. */
export function ReauthPasswordField({ error }: { error: string | undefined }) {
  const t = useT();
  return (
    <PasswordField
      label="Password"
      name="password"
      autoComplete="current-password"
      error={error}
      after={(id) => (
        <p id={id} className="field__help">
          {t(DELETION_MESSAGES.passwordNeeded)}
        </p>
      )}
    />
  );
}
