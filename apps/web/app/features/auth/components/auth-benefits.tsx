import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { useT } from "../../../lib/i18n";
import { CheckIcon } from "./check-icon";

const BENEFITS = [
  { title: "Everything you bought, in one place", text: "Open your tech cards, labs and kits from any device." },
  { title: "Learn in five-minute bites", text: "Cheat sheets and pocket guides written by practitioners." },
  { title: "Pay once, keep it", text: `Every purchase comes with a ${MONEY_BACK_DAYS}-day money-back guarantee.` },
];

/** The panel beside the sign in and registration forms on wide screens. */
export function AuthBenefits({ heading }: { heading: string }) {
  const t = useT();
  return (
    <aside className="auth__aside" aria-label={t("Why Skillshelf")}>
      <p className="auth__aside-title">{t(heading)}</p>
      <ul className="auth__benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title}>
            <span className="auth__benefit-icon">
              <CheckIcon size={16} />
            </span>
            <span>
              <strong>{t(benefit.title)}</strong>
              <span className="auth__benefit-text">{t(benefit.text)}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
