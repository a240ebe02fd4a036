import { SUPPORT_EMAIL, SUPPORT_PHONE } from "@skillshelf/shared/constants.ts";
import type { ReactNode } from "react";
import { SvgIcon } from "../../../components/icons/svg-icon";
import { TransAnchor } from "../../../components/plain-anchor";
import { Trans } from "../../../components/trans";

interface PaymentResultProps {
  tone: "success" | "cancelled";
  title: string;
  lead: string;
  children: ReactNode;
}

/** The card shared by /payment-confirmation, /order-confirmation and /payment-cancelled. */
export function PaymentResult({ tone, title, lead, children }: PaymentResultProps) {
  return (
    <div className="container result-page">
      <section className={`card result-card result-card--${tone}`} aria-labelledby="result-title">
        <span className="result-card__icon" aria-hidden="true">
          <SvgIcon size={36}>
            {tone === "success" ? <path d="M5 12.5 10 17 19 7.5" /> : <path d="M18 6 6 18M6 6l12 12" />}
          </SvgIcon>
        </span>
        <h1 id="result-title" className="result-card__title">
          {title}
        </h1>
        <p className="result-card__lead">{lead}</p>
        {children}
        <p className="result-card__support">
          <Trans
            i18nKey="Questions about your purchase? Write to <mail>{{email}}</mail> or call <phone>{{phone}}</phone>."
            values={{ email: SUPPORT_EMAIL, phone: SUPPORT_PHONE }}
            components={{
              mail: <TransAnchor href={`mailto:${SUPPORT_EMAIL}`} />,
              phone: <TransAnchor href={`tel:${SUPPORT_PHONE.replace(/\s+/g, "")}`} />,
            }}
          />
        </p>
      </section>
    </div>
  );
}
