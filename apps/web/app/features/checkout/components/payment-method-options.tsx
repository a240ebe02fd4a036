import type { PaymentMethod } from "@skillshelf/shared/api.ts";
import { useT } from "../../../lib/i18n";
import { PAYMENT_METHODS } from "../payment-methods";

interface PaymentMethodOptionsProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** The field name, so the choice travels with a GET form (the cart's Proceed to Checkout). */
  name?: string;
  legend?: string;
  /** When a heading above already names the group. */
  legendHidden?: boolean;
  /** The cart's narrow column shows only labels and scopes. */
  compact?: boolean;
  disabled?: boolean;
}

/** The three ways to pay as one radio group (arrow keys move between them). */
export function PaymentMethodOptions({
  value,
  onChange,
  name = "method",
  legend = "Payment method",
  legendHidden = false,
  compact = false,
  disabled = false,
}: PaymentMethodOptionsProps) {
  const t = useT();
  return (
    <fieldset className={`pay-methods${compact ? " pay-methods--compact" : ""}`} disabled={disabled}>
      <legend className={legendHidden ? "sr-only" : "pay-methods__legend"}>{t(legend)}</legend>
      {PAYMENT_METHODS.map((method) => (
        <label key={method.value} className="pay-method">
          <input
            type="radio"
            name={name}
            value={method.value}
            checked={value === method.value}
            onChange={() => onChange(method.value)}
          />
          <span className="pay-method__text">
            <span className="pay-method__label">{t(method.label)}</span>
            {!compact && <span className="pay-method__hint">{t(method.hint)}</span>}
          </span>
          <span className="pay-method__scope">{t(method.scope)}</span>
        </label>
      ))}
    </fieldset>
  );
}
