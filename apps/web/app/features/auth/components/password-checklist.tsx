import { RESET_PASSWORD_RULES } from "@skillshelf/shared/account-forms.ts";
import { useT } from "../../../lib/i18n";
import { CheckIcon } from "./check-icon";

interface PasswordChecklistProps {
  id: string;
  password: string;
  /** After a submit attempt, unmet rules show as errors rather than as to-dos. */
  strict: boolean;
}

/** The reset form's live list of requirements, updated on every keystroke. */
export function PasswordChecklist({ id, password, strict }: PasswordChecklistProps) {
  const t = useT();
  return (
    <div id={id} className="checklist">
      <p className="checklist__title">{t("Your new password needs:")}</p>
      <ul className="checklist__list">
        {RESET_PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          const state = met ? "met" : strict ? "failed" : "pending";
          return (
            <li key={rule.message} className="checklist__item" data-state={state}>
              <span className="checklist__mark" aria-hidden="true">
                {met ? <CheckIcon size={14} /> : null}
              </span>
              <span>
                {t(rule.message)}
                <span className="sr-only">{met ? t(" (met)") : t(" (not met)")}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
